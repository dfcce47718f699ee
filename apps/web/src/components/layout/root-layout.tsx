import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation, type Location } from 'react-router';
import { anchors } from '@/config/paths';
import { AppVersion } from './app-version';
import { Footer } from './footer';
import { Header } from './header';
import { TestModeBanner } from './test-mode-banner';

function SkipLink() {
  return (
    <a
      href={`#${anchors.main}`}
      className="sr-only z-50 rounded-full bg-sea-800 px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Hopp til hovedinnhold
    </a>
  );
}

/** Scroll positions per history entry; a full page load's entry (key 'default') is keyed by its address instead. */
const scrollKey = (location: Location) => (location.key === 'default' ? `${location.pathname}${location.search}` : location.key);

function Shell({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      {busy ? (
        <div role="progressbar" aria-label="Laster side" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-aqua-400 noscript:hidden" />
      ) : null}
      {/* At least a screen tall, so the footer starts below the fold and never jumps when a page arrives. */}
      <main id={anchors.main} tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        {children}
      </main>
      <Footer appVersionSlot={<AppVersion />} />
      <TestModeBanner />
    </div>
  );
}

/** Page frame of every route; `children` replaces the outlet (errors), `loading` is the hydrate fallback (empty main). */
export function RootLayout({ children, loading }: { children?: ReactNode; loading?: boolean }) {
  const navigation = useNavigation();
  return (
    <>
      <Shell busy={loading || navigation.state === 'loading'}>
        {loading ? <span className="sr-only noscript:hidden">Laster side</span> : (children ?? <Outlet />)}
      </Shell>
      {loading ? null : <ScrollRestoration getKey={scrollKey} />}
    </>
  );
}
