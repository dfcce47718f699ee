import { useEffect } from 'react';
import { Navigate, useNavigate, type RouteObject } from 'react-router';
import { NotFound } from '@/components/errors/error-view';
import { RootLayout } from '@/components/layout/root-layout';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { paths, routePatterns } from '@/config/paths';
import { HomeRoute, homeLoader } from './routes/home';

/** An unknown address: the 404 page at once (status 404 on the server), then the address becomes /404. */
function UnknownPath() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(paths.notFound, { replace: true });
  }, [navigate]);
  return <NotFound />;
}

/** The public pages the server renders (decision 018), by route id; the server sends the shell for every other. */
export const serverRenderedRouteIds = ['home', 'courses', 'place', 'about', 'contact', 'gift-cards', 'terms', 'not-found', 'unknown'] as const;
export type ServerRenderedRouteId = (typeof serverRenderedRouteIds)[number];

/** Pages a visitor gets without the app (decision 045) unless a loader answers `needsApp`; the contact and gift card forms need the app. */
export const pagesWithoutApp: readonly ServerRenderedRouteId[] = ['home', 'courses', 'place', 'about', 'terms', 'not-found'];

/** One route table for the browser and the server. Home ships in the entry chunk; every other route is lazy. */
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
      { id: 'gift-cards', path: routePatterns.giftCards, lazy: () => import('./routes/gift-cards') },
      { path: routePatterns.giftCardPayment, lazy: () => import('./routes/gift-card-payment') },
      { id: 'terms', path: routePatterns.terms, lazy: () => import('./routes/terms') },
      { path: routePatterns.login, lazy: () => import('./routes/login') },
      { path: routePatterns.loginReturn, lazy: () => import('./routes/login-return') },
      { path: routePatterns.payment, lazy: () => import('./routes/payment-status') },
      { path: routePatterns.profile, lazy: () => import('./routes/profile') },
      { path: routePatterns.profileById, lazy: () => import('./routes/profile') },
      { path: routePatterns.invite, lazy: () => import('./routes/invite') },
      { path: routePatterns.attendance, lazy: () => import('./routes/attendance') },
      { path: routePatterns.makeup, lazy: () => import('./routes/makeup') },
      { path: routePatterns.skills, lazy: () => import('./routes/skills') },
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
          { path: routePatterns.adminRollover, lazy: () => import('./routes/admin-rollover') },
          { path: routePatterns.adminLevels, lazy: () => import('./routes/admin-levels') },
          { path: routePatterns.adminDiscountCodes, lazy: () => import('./routes/admin-discount-codes') },
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
  courses: 'src/app/routes/venues.tsx',
  place: 'src/app/routes/venue-courses.tsx',
  about: 'src/app/routes/about.tsx',
  contact: 'src/app/routes/contact.tsx',
  'gift-cards': 'src/app/routes/gift-cards.tsx',
  terms: 'src/app/routes/terms.tsx',
};
