import { useEffect } from 'react';
import { Navigate, useNavigate, type RouteObject } from 'react-router';
import { NotFound } from '@/components/errors/error-view';
import { RootLayout } from '@/components/layout/root-layout';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { paths, routePatterns } from '@/config/paths';
import { HomeRoute, homeLoader } from './routes/home';

/**
 * An unknown address: the 404 page at once (the server renders it with status 404), then the address becomes /404
 * as before, without a second paint (the /404 route shows the same view).
 */
function UnknownPath() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(paths.notFound, { replace: true });
  }, [navigate]);
  return <NotFound />;
}

/**
 * The public pages the server renders (decision 018), by route id. Every other route (login, profile, admin …) is
 * client-rendered: the server sends the shell for it.
 */
export const serverRenderedRouteIds = ['home', 'courses', 'place', 'about', 'contact', 'terms', 'not-found', 'unknown'] as const;
export type ServerRenderedRouteId = (typeof serverRenderedRouteIds)[number];

/**
 * The server-rendered pages a visitor gets without the app (decision 045): every control on them is a link, the
 * platform's own (the menu's popover, the FAQ's `<details>`), a GET form (LoginFirstButton) or one of the two that
 * boot.ts runs (a disclosure button, a select that goes to a page), so React never starts there for someone who is not
 * logged in. A logged-in user's page shows their own state, so the app starts for them. A page whose loader answers
 * `needsApp` (a venue during a waiting room) and a page with a form (contact) start it for everyone.
 */
export const pagesWithoutApp: readonly ServerRenderedRouteId[] = ['home', 'courses', 'place', 'about', 'terms', 'not-found'];

/**
 * One route table for the browser (main.tsx) and the server (entry-server.tsx). The home route ships in the entry
 * chunk (it is the first paint for most visitors); every other screen is a lazy route module, fetched when first
 * visited (on a server-rendered page: before hydration, see main.tsx).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <RootLayout loading />,
    children: [
      { id: 'home', index: true, element: <HomeRoute />, loader: homeLoader },
      { id: 'courses', path: routePatterns.courses, lazy: () => import('./routes/venues') },
      { id: 'place', path: routePatterns.place, lazy: () => import('./routes/venue-courses') },
      { id: 'about', path: routePatterns.about, lazy: () => import('./routes/about') },
      { id: 'contact', path: routePatterns.contact, lazy: () => import('./routes/contact') },
      { id: 'terms', path: routePatterns.terms, lazy: () => import('./routes/terms') },
      { path: routePatterns.login, lazy: () => import('./routes/login') },
      { path: routePatterns.loginReturn, lazy: () => import('./routes/login-return') },
      { path: routePatterns.payment, lazy: () => import('./routes/payment-status') },
      { path: routePatterns.profile, lazy: () => import('./routes/profile') },
      { path: routePatterns.profileById, lazy: () => import('./routes/profile') },
      { path: routePatterns.invite, lazy: () => import('./routes/invite') },
      { path: routePatterns.attendance, lazy: () => import('./routes/attendance') },
      { path: routePatterns.privacy, lazy: () => import('./routes/privacy') },
      { path: routePatterns.keepAccount, lazy: () => import('./routes/keep-account') },
      { path: routePatterns.dateChoice, lazy: () => import('./routes/date-choice') },
      // In the entry chunk: an unknown address turns into /404 without loading anything.
      { id: 'not-found', path: routePatterns.notFound, element: <NotFound /> },
      // Admin only: logged out → 401 view, others → 403 view; unknown sub-routes → 404.
      {
        path: routePatterns.admin,
        lazy: () => import('./routes/protected-area'),
        children: [
          { index: true, lazy: () => import('./routes/admin-dashboard') },
          { path: routePatterns.adminOutbox, lazy: () => import('./routes/admin-outbox') },
          { path: routePatterns.adminUsers, lazy: () => import('./routes/admin-users') },
          { path: routePatterns.adminOrders, lazy: () => import('./routes/admin-orders') },
          { path: routePatterns.adminRetention, lazy: () => import('./routes/admin-retention') },
          { path: routePatterns.adminClosures, lazy: () => import('./routes/admin-closures') },
          { path: routePatterns.adminWaitingRoom, lazy: () => import('./routes/admin-waiting-room') },
          { path: routePatterns.adminSeasons, lazy: () => import('./routes/admin-seasons') },
          { path: routePatterns.adminSettings, lazy: () => import('./routes/admin-settings') },
          { path: '*', element: <Navigate to={paths.notFound} replace /> },
        ],
      },
      {
        path: routePatterns.examples,
        lazy: () => import('./routes/examples-area'),
        children: [
          { index: true, lazy: () => import('./routes/examples') },
          { path: routePatterns.exampleModal, lazy: () => import('./routes/example-modal') },
          { path: routePatterns.exampleToast, lazy: () => import('./routes/example-toast') },
          { path: routePatterns.exampleAlert, lazy: () => import('./routes/example-alert') },
          { path: routePatterns.exampleMultiSelect, lazy: () => import('./routes/example-multi-select') },
          { path: routePatterns.exampleGroupSelect, lazy: () => import('./routes/example-group-select') },
          { path: routePatterns.exampleUserRegistrations, lazy: () => import('./routes/example-user-registrations') },
          { path: '*', element: <Navigate to={paths.notFound} replace /> },
        ],
      },
      { id: 'unknown', path: '*', element: <UnknownPath /> },
    ],
  },
];

/** The source file of each lazy server-rendered route, for the modulepreload links of its page (Vite manifest keys). */
export const routeModules: Partial<Record<ServerRenderedRouteId, string>> = {
  courses: 'src/app/routes/places.tsx',
  place: 'src/app/routes/venue-courses.tsx',
  about: 'src/app/routes/about.tsx',
  contact: 'src/app/routes/contact.tsx',
  terms: 'src/app/routes/terms.tsx',
};
