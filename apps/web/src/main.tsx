import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { AppProvider } from './app/provider';
import { routes } from './app/routes';
import { queryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');

/** What the server rendered the page with (entry-server.tsx): absent on client-rendered pages and in `vite dev`. */
const ssrData = document.getElementById('ssr-data');

// Route properties a lazy route module may give (the rest of a module's exports are not route properties).
const LAZY_KEYS = ['Component', 'ErrorBoundary', 'HydrateFallback', 'element', 'errorElement', 'loader', 'handle'] as const;

/** Marks the page as live (`<html data-hydrated>`) once React has taken it over: tests wait for it before a click. */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

/** The whole app, the same tree whether it is rendered in the browser or takes over the server's page. */
const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
    <MarkHydrated />
  </StrictMode>
);

async function start(container: HTMLElement) {
  if (!ssrData) {
    const router = createBrowserRouter(routes);
    // As a transition the first render works in slices, so the phone answers in between (not one long task).
    startTransition(() => createRoot(container).render(app(router)));
    return;
  }
  const data = JSON.parse(ssrData.textContent ?? '{}') as { queries: DehydratedState; router: HydrationState };
  hydrate(queryClient, data.queries);
  // The page's lazy route modules load before hydration, so the first render is the server's page, not a fallback.
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async (m) => {
      const lazy = m.route.lazy as () => Promise<Record<string, unknown>>;
      const module = await lazy();
      const properties: Record<string, unknown> = { lazy: undefined };
      for (const key of LAZY_KEYS) if (key in module) properties[key] = module[key];
      Object.assign(m.route, properties);
    }),
  );
  // Hydration too runs as a transition, in slices (see above).
  const router = createBrowserRouter(routes, { hydrationData: data.router });
  startTransition(() => {
    hydrateRoot(container, app(router));
  });
}

void start(root);
