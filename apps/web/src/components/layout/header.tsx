import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { hasRole, useCurrentUser } from '@/lib/current-user';
import { storeReturnAddress } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import { Logo } from './logo';

interface NavItem {
  to: string;
  label: string;
  end: boolean;
  /** Depends on the session, which only the browser knows (it lives in its storage). */
  session?: boolean;
}

/** Spec §2 navigation, in this order; the last link is added per session below. */
const links: readonly NavItem[] = [
  { to: paths.courses, label: 'Bestill kurs', end: false },
  { to: paths.home, label: 'Forside', end: true },
  { to: paths.about, label: 'Om oss', end: false },
  { to: paths.terms, label: 'Regler og betingelser', end: false },
  { to: paths.contact, label: 'Kontakt', end: false },
];

/**
 * The last link: the user's first name to /profil, or 'Logg inn'. Admins also get 'Dashbord', in the mobile menu and
 * (unlike the spec's drawing, decision 030) in the desktop header: an admin works at a desk.
 */
function useSessionLinks(): NavItem[] {
  const session = useSession();
  const user = useCurrentUser();
  if (!session) return [{ to: paths.login, label: 'Logg inn', end: false, session: true }];
  const me = user.data;
  return [
    ...(hasRole(me, 'admin') ? [{ to: paths.admin, label: 'Dashbord', end: false, session: true }] : []),
    { to: paths.profile, label: me?.firstName || 'Min profil', end: false, session: true },
  ];
}

const noSubscription = () => () => undefined;

/**
 * False in the server's page and while it hydrates, true once the browser runs it. A server-rendered page cannot
 * know the session, so its session link stays hidden (its place kept) until the browser has decided it: a signed-in
 * parent never sees 'Logg inn' flash before their name.
 */
function useInBrowser(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

const MENU_ID = 'hovedmeny';

export function Header() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const items = [...links, ...useSessionLinks()];
  const inBrowser = useInBrowser();

  // Close the mobile menu whenever the route changes (render-time state adjustment, no extra effect pass).
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-11 items-center rounded-lg px-3 font-medium no-underline transition-colors ${
      isActive ? 'bg-sea-100 text-sea-900' : 'text-ink hover:bg-sea-50 hover:text-sea-900'
    }`;

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur noscript:max-lg:static">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2 noscript:flex-wrap sm:px-6">
        <Logo />
        <nav aria-label="Hovedmeny" className="flex items-center">
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-sea-800 px-4 font-semibold text-sea-800 noscript:hidden lg:hidden"
            aria-expanded={open}
            aria-controls={MENU_ID}
            onClick={() => setOpen((v) => !v)}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
              {open ? <path d="M5 5l10 10M15 5L5 15" /> : <path d="M3 5h14M3 10h14M3 15h14" />}
            </svg>
            Meny
          </button>
          <ul
            id={MENU_ID}
            // Without JavaScript 'Meny' could not open it: the links are shown in a row instead, as on a wide screen.
            className={`${
              open ? 'flex' : 'hidden'
            } absolute inset-x-0 top-full flex-col gap-1 border-b border-line bg-white px-4 py-3 shadow-lg noscript:static noscript:flex noscript:flex-row noscript:flex-wrap noscript:border-0 noscript:p-0 noscript:shadow-none lg:static lg:flex lg:flex-row lg:items-center lg:gap-1 lg:border-0 lg:p-0 lg:shadow-none`}
          >
            {items.map((link) => (
              <li
                key={link.to}
                // (Signing in needs JavaScript: without it the session link is not shown at all.)
                className={[link.session && 'noscript:hidden', link.session && !inBrowser && 'invisible'].filter(Boolean).join(' ') || undefined}
              >
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={linkClass}
                  // The login page keeps where the visitor came from, to return there after Vipps.
                  state={link.to === paths.login && pathname !== paths.login ? { returnTo: here } : undefined}
                  onClick={link.to === paths.login && pathname !== paths.login ? () => storeReturnAddress(here) : undefined}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
