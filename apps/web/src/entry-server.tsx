/**
 * Server rendering of the public pages, as a visitor sees them (decision 018), loaded by apps/server/src/plugins/web.ts.
 * Route loaders read through the server's in-process `read`; their data travels as a JSON block for main.tsx to hydrate.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, RouterContextProvider, StaticRouterProvider } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { parseDocument } from 'htmlparser2';
import type { Place } from '@shared/api';
import type { Read } from '@/lib/api-client';
import { setHtmlParser, type HtmlNode } from '@/components/ui/rich-text';
import { appConfigQueryOptions } from '@/lib/app-config';
import { createQueryClient } from '@/lib/query-client';
import { pageData } from './app/page-data';
import { headHtml, pageHead } from './app/page-head';
import { AppProvider } from './app/provider';
import { pagesWithoutApp, routeModules, routes, serverRenderedRouteIds, type ServerRenderedRouteId } from './app/routes';

type ParsedNode = ReturnType<typeof parseDocument>['children'][number];

function toHtmlNodes(nodes: readonly ParsedNode[]): HtmlNode[] {
  return nodes.map((node): HtmlNode => {
    if (node.type === 'text') return { type: 'text', text: node.data };
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      return { type: 'element', tag: node.name.toLowerCase(), href: node.attribs.href ?? null, children: toHtmlNodes(node.children) };
    }
    return { type: 'other' };
  });
}

// The browser reads rich text with DOMParser; htmlparser2 (what the server's sanitiser uses) gives the same tree here.
setHtmlParser((html) => toHtmlNodes(parseDocument(html).children));

export interface RenderInput {
  /** Path and query of the request. */
  url: string;
  /** PUBLIC_URL without a trailing slash: canonical and og:image addresses are absolute. */
  origin: string;
  /** GET /api{path} in-process, through the services (apps/server/src/plugins/page-reads.ts): what the API would answer. */
  read: Read;
}

export type RenderResult =
  /** Not a server-rendered page (logged-in pages …): send the shell, with the page's frame in #root. */
  | { kind: 'shell'; html: string }
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | {
      kind: 'page';
      status: number;
      /** Tags for <head>: title, description, canonical, Open Graph, Twitter, JSON-LD. */
      head: string;
      /** The rendered app, for <div id="root">. */
      html: string;
      /** JSON for <script type="application/json" id="ssr-data">, '<' escaped. */
      data: string;
      /** Vite manifest key of the page's lazy route module (modulepreload). */
      routeModule?: string;
      /** A visitor gets this page without the app (routes.tsx's `pagesWithoutApp`, unless a loader answers `needsApp`). */
      withoutApp: boolean;
    };

// Created once: it resolves each lazy route module the first time a page needs it and keeps it.
let handler: ReturnType<typeof createStaticHandler> | undefined;

/**
 * The shell of a client-rendered page: the site's frame as the app's hydrate fallback draws it, so a phone paints the
 * site at once. It varies only with the first path segment (the menu's active link): cached per segment, up to 64.
 */
const frameRoutes = [{ id: 'frame', path: '*', element: routes.find((route) => route.id === 'root')?.hydrateFallbackElement }];
let frameHandler: ReturnType<typeof createStaticHandler> | undefined;
const frames = new Map<string, string>();
const FRAMES_KEPT = 64;

async function shell(at: URL): Promise<RenderResult> {
  const segment = at.pathname.split('/')[1]?.toLowerCase() ?? '';
  let html = frames.get(segment);
  if (html === undefined) {
    html = await drawFrame(`${at.origin}/${segment}`);
    if (frames.size < FRAMES_KEPT) frames.set(segment, html);
  }
  return { kind: 'shell', html };
}

async function drawFrame(href: string): Promise<string> {
  frameHandler ??= createStaticHandler(frameRoutes);
  const context = await frameHandler.query(new Request(href, { method: 'GET' }));
  if (context instanceof Response) return '';
  const router = createStaticRouter(frameHandler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProvider client={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
}

export async function render({ url, origin, read }: RenderInput): Promise<RenderResult> {
  // Concatenated, not resolved: a path such as '//x' must stay a path, not become a host.
  const at = new URL(`http://ssr.invalid${url.startsWith('/') ? url : `/${url}`}`);
  const leaf = matchRoutes(routes, at.pathname)?.at(-1);
  const id = leaf?.route.id as ServerRenderedRouteId | undefined;
  if (!id || !serverRenderedRouteIds.includes(id)) return shell(at);

  // The page's route loaders read its data through `read` into this request's QueryClient; the frame's settings too.
  const queryClient = createQueryClient();
  const context = new RouterContextProvider();
  context.set(pageData, { queryClient, read });
  handler ??= createStaticHandler(routes);
  const [routed] = await Promise.all([
    handler.query(new Request(at.href, { method: 'GET' }), { requestContext: context }),
    queryClient.prefetchQuery(appConfigQueryOptions(read)),
  ]);
  if (routed instanceof Response) {
    const location = routed.headers.get('Location');
    if (location && (routed.status === 301 || routed.status === 302)) return { kind: 'redirect', status: routed.status, location };
    return shell(at);
  }
  if (routed.errors) return shell(at);
  const router = createStaticRouter(handler.dataRoutes, routed);
  const html = renderToString(
    <StrictMode>
      <AppProvider client={queryClient}>
        {/* hydrate={false}: React Router's own hydration script is inline; ours is the JSON block below. */}
        <StaticRouterProvider router={router} context={routed} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  const data = JSON.stringify({
    queries: dehydrate(queryClient),
    router: { loaderData: routed.loaderData, actionData: routed.actionData },
  }).replace(/</g, '\\u003c');
  const place = (routed.loaderData.place as { place: Place | null } | undefined)?.place ?? undefined;
  const status = id === 'not-found' || id === 'unknown' ? 404 : 200;
  const needsApp = Object.values(routed.loaderData).some((data) => (data as { needsApp?: boolean } | null)?.needsApp === true);
  const withoutApp = pagesWithoutApp.includes(id) && !needsApp;
  return { kind: 'page', status, head: headHtml(pageHead(id, origin, { place, pathname: at.pathname }), at.pathname, origin), html, data, routeModule: routeModules[id], withoutApp };
}
