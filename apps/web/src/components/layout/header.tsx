import { useEffect, useRef, useState, useSyncExternalStore, type SyntheticEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { hasRole, useCurrentUser } from '@/lib/current-user';
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

/** The last link: the user's first name to /profil, or 'Logg inn'. Admins also get 'Dashbord' (decision 030). */
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

/** True once the browser runs: the session link stays hidden until then, so 'Logg inn' never flashes before a name. */
function useInBrowser(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

const MENU_ID = 'hovedmeny';

/** The phone's menu is a native popover: it opens before the app has started, and without JavaScript. */
const openedBeforeApp = typeof document !== 'undefined' && !!document.querySelector(`#${MENU_ID}:popover-open`);

export function Header() {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLUListElement>(null);
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const items = [...links, ...useSessionLinks()];
  const inBrowser = useInBrowser();

  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    if (openedBeforeApp && !menu.matches(':popover-open') && getComputedStyle(menu).position === 'fixed') menu.showPopover();
    setOpen(menu.matches(':popover-open'));
  }, []);

  // Close the menu whenever the route changes (not when the app starts: a menu opened before then stays open).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const menu = menuRef.current;
    if (menu?.matches(':popover-open')) menu.hidePopover();
  }, [pathname]);

  const onToggle = (event: SyntheticEvent<HTMLUListElement>) => setOpen((event.nativeEvent as ToggleEvent).newState === 'open');

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-11 items-center rounded-lg px-3 font-medium no-underline transition-colors ${
      isActive ? 'bg-sea-100 text-sea-900' : 'text-ink hover:bg-sea-50 hover:text-sea-900'
    }`;

  return (
    <header className="site-header sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
        <Logo />
        <nav aria-label="Hovedmeny" className="flex items-center">
          <button
            type="button"
            popoverTarget={MENU_ID}
            className="group inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-sea-800 px-4 font-semibold text-sea-800 lg:hidden"
            aria-expanded={open}
            aria-controls={MENU_ID}
          >
            {/* The icon follows aria-expanded, which boot.ts keeps on a page without the app. */}
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M5 5l10 10M15 5L5 15" className="hidden group-aria-expanded:inline" />
              <path d="M3 5h14M3 10h14M3 15h14" className="group-aria-expanded:hidden" />
            </svg>
            Meny
          </button>
          <ul
            id={MENU_ID}
            ref={menuRef}
            popover="auto"
            onToggle={onToggle}
            // On a phone a popover under the header; from lg up the links stand in the header's row.
            className="site-menu fixed inset-x-0 m-0 w-full flex-col gap-1 border-0 border-b border-line bg-white px-4 py-3 text-ink shadow-lg open:flex lg:static lg:flex lg:w-auto lg:flex-row lg:items-center lg:gap-1 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none"
          >
            {items.map((link) => (
              <li
                key={link.to}
                className={
                  [link.session && 'noscript:hidden', link.session && !inBrowser && 'invisible without-app:visible'].filter(Boolean).join(' ') ||
                  undefined
                }
              >
                <NavLink
                  // The login page returns the visitor here after Vipps: in its address, so it holds without the app.
                  to={link.to === paths.login && pathname !== paths.login ? paths.loginFrom(here) : link.to}
                  end={link.end}
                  className={linkClass}
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
