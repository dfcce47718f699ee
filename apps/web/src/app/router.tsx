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
      { path: routePatterns.notFound, lazy: () => import('./routes/not-found') },
      // Login arrives in a later issue: until then the protected areas show the 401 view.
      { path: routePatterns.admin, lazy: () => import('./routes/protected-area') },
      { path: routePatterns.examples, lazy: () => import('./routes/protected-area') },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
