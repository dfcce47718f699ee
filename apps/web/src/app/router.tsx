import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { LayoutFallback, RootLayout } from '@/components/layout/root-layout';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { paths, routePatterns } from '@/config/paths';
import { HomeRoute } from './routes/home';

/**
 * The home route ships in the entry chunk (it is the first paint for most visitors); every other screen is a lazy
 * route module, fetched when first visited.
 */
const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <LayoutFallback />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: routePatterns.courses, lazy: () => import('./routes/places') },
      { path: routePatterns.place, lazy: () => import('./routes/place-courses') },
      { path: routePatterns.about, lazy: () => import('./routes/about') },
      { path: routePatterns.contact, lazy: () => import('./routes/contact') },
      { path: routePatterns.terms, lazy: () => import('./routes/terms') },
      { path: routePatterns.login, lazy: () => import('./routes/login') },
      { path: routePatterns.loginReturn, lazy: () => import('./routes/login-return') },
      { path: routePatterns.payment, lazy: () => import('./routes/payment-status') },
      { path: routePatterns.profile, lazy: () => import('./routes/profile') },
      { path: routePatterns.profileById, lazy: () => import('./routes/profile') },
      { path: routePatterns.attendance, lazy: () => import('./routes/attendance') },
      { path: routePatterns.notFound, lazy: () => import('./routes/not-found') },
      // Admin only: logged out → 401 view, others → 403 view; unknown sub-routes → 404.
      {
        path: routePatterns.admin,
        lazy: () => import('./routes/protected-area'),
        children: [
          { index: true, lazy: () => import('./routes/admin-dashboard') },
          { path: routePatterns.adminOutbox, lazy: () => import('./routes/admin-outbox') },
          { path: routePatterns.adminUsers, lazy: () => import('./routes/admin-users') },
          { path: routePatterns.adminOrders, lazy: () => import('./routes/admin-orders') },
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
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
