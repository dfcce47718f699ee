/**
 * Server rendering of the public pages (decision 018). Built by `vite build --ssr` into apps/web/dist-ssr/ and loaded
 * by the server at start (apps/server/src/plugins/web.ts). The server hands in `fetchApi`, which answers an API GET
 * in-process (Fastify's inject: the same routes, services, schemas and cache as over HTTP, without a socket).
 *
 * The page renders as a visitor sees it (the session lives in the browser's localStorage); the data its queries
 * need travels to the browser as a non-executable JSON block (the CSP forbids inline scripts) and main.tsx hydrates
 * the same QueryClient state and router before hydrateRoot, so the first client render equals the server's HTML.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { parseDocument } from 'htmlparser2';
import type { AppConfig, CancellationRulesVersion, Course, Faq, Place, Term } from '@shared/api';
import { setHtmlParser, type HtmlNode } from '@/components/ui/rich-text';
import { paths } from '@/config/paths';
import { defaultCourseWindow, placeCoursesKeys } from '@/features/courses/api/get-place-courses';
import { faqsKeys } from '@/features/faqs/api/get-faqs';
import { placesKeys } from '@/features/places/api/get-places';
import { cancellationRulesKeys } from '@/features/terms/api/cancellation-rules';
import { termsKeys } from '@/features/terms/api/get-terms';
import { instructorsKeys, type InstructorListItem } from '@/features/users/api/get-instructors';
import { appConfigKeys } from '@/lib/app-config';
import { placeSlug, slugMatches } from '@/lib/format';
import { createQueryClient } from '@/lib/query-client';
import { headHtml, pageHead } from './app/page-head';
import { AppProvider } from './app/provider';
import { routeModules, routes, serverRenderedRouteIds, type ServerRenderedRouteId } from './app/routes';

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
  /** GET /api{path} in-process: the parsed JSON of a 200 answer; throws otherwise. */
  fetchApi: (path: string) => Promise<unknown>;
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
    };

const looksLikeId = (value: string) => /^[0-9a-f]{24}$/.test(value);

// Created once: it resolves each lazy route module the first time a page needs it and keeps it.
let handler: ReturnType<typeof createStaticHandler> | undefined;

/**
 * The shell of a client-rendered page (login, the profile, the back office): the site's frame, as the app's own first
 * render draws it while the page's code loads (the root route's hydrate fallback: header, an empty main with the
 * loading bar, footer). A phone then paints the site at once instead of a white page; the app replaces it with the same
 * frame when it starts (createRoot). Rendered as a visitor: the session link keeps its place, hidden (header.tsx).
 *
 * The frame depends on the address only through the menu's active link, and every menu link is one segment deep, so
 * it is drawn once per first segment (a payment's return address is new each time); past 64 segments, each time.
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

export async function render({ url, origin, fetchApi }: RenderInput): Promise<RenderResult> {
  // Concatenated, not resolved: a path such as '//x' must stay a path, not become a host.
  const at = new URL(`http://ssr.invalid${url.startsWith('/') ? url : `/${url}`}`);
  const leaf = matchRoutes(routes, at.pathname)?.at(-1);
  const id = leaf?.route.id as ServerRenderedRouteId | undefined;
  if (!id || !serverRenderedRouteIds.includes(id)) return shell(at);

  const queryClient = createQueryClient();
  const load = async <T,>(key: readonly unknown[], path: string): Promise<T | undefined> => {
    try {
      const data = (await fetchApi(path)) as T;
      queryClient.setQueryData(key, data);
      return data;
    } catch {
      // The page renders its loading state and the browser fetches, as for a client-rendered page.
      return undefined;
    }
  };

  const status = id === 'not-found' || id === 'unknown' ? 404 : 200;
  let place: Place | undefined;
  const common = load<AppConfig>(appConfigKeys.all(), '/config');
  if (id === 'home') await Promise.all([load<Place[]>(placesKeys.list(), '/places'), load<Faq[]>(faqsKeys.all(), '/faqs')]);
  if (id === 'courses') await load<Place[]>(placesKeys.list(), '/places');
  if (id === 'about') await load<InstructorListItem[]>(instructorsKeys.all(), '/users/instructors');
  if (id === 'terms') {
    await Promise.all([load<Term[]>(termsKeys.all(), '/terms-and-conditions'), load<CancellationRulesVersion>(cancellationRulesKeys.current(), '/cancellation-rules')]);
  }
  if (id === 'place') {
    const slug = leaf?.params.slug ?? '';
    const places = await load<Place[]>(placesKeys.list(), '/places');
    if (!places) return shell(at);
    place = places.find((p) => slugMatches(slug, p.name) || slugMatches(slug, p.slug));
    if (!place && looksLikeId(slug)) {
      // An old link by id: the address by name, as the page itself would replace it.
      const byId = places.find((p) => p._id === slug);
      if (byId) return { kind: 'redirect', status: 301, location: paths.place(placeSlug(byId.name)) };
      return shell(at);
    }
    // A renamed venue's old address: 301 to its new one (decision 036).
    const renamed = place ? undefined : places.find((p) => p.oldSlugs.some((old) => slugMatches(slug, old)));
    if (renamed) return { kind: 'redirect', status: 301, location: paths.place(placeSlug(renamed.name)) };
    // An unknown venue keeps status 200 (spec §2: the page says 'Bestill kurs' and logs quietly); its head has noindex.
    if (place) await load<Course[]>(placeCoursesKeys.window(place._id, defaultCourseWindow()), `/places/${place._id}/courses?${coursesQuery()}`);
  }
  await common;

  handler ??= createStaticHandler(routes);
  const context = await handler.query(new Request(at.href, { method: 'GET' }));
  if (context instanceof Response || context.errors) return shell(at);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider client={queryClient}>
        {/* hydrate={false}: React Router's own hydration script is inline; ours is the JSON block below. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  const data = JSON.stringify({
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData },
  }).replace(/</g, '\\u003c');
  return { kind: 'page', status, head: headHtml(pageHead(id, origin, { place, pathname: at.pathname }), at.pathname, origin), html, data, routeModule: routeModules[id] };

  function coursesQuery() {
    const window = defaultCourseWindow();
    return new URLSearchParams({ startDate: String(window.startDate), endDate: String(window.endDate) }).toString();
  }
}
