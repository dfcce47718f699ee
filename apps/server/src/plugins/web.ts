import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cachedBody, sendCached, type CachedBody } from '../public-cache';
import { apiNotFound, asJson } from './errors';
import { pageRead, type ReadQuery } from './page-reads';

/** The server renderer built from apps/web/src/entry-server.tsx (decision 018); the types mirror its exports. */
interface SsrModule {
  render(input: { url: string; origin: string; read: (path: string, options?: { query?: ReadQuery }) => Promise<unknown> }): Promise<
    | { kind: 'shell'; html: string }
    | { kind: 'redirect'; status: 301 | 302; location: string }
    | { kind: 'page'; status: number; head: string; html: string; data: string; routeModule?: string; withoutApp?: boolean }
  >;
}

/** A render as the page cache keeps it. `keep: false`: the renderer or one of its reads failed; sent, not kept. */
type Rendered = (
  /** `body`: the shell with the page's frame (absent when the renderer failed: index.html as built) */
  | { kind: 'shell'; body?: CachedBody }
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'page'; status: number; body: CachedBody }
) & { keep?: false };

interface ManifestEntry {
  file: string;
  imports?: string[];
}

/** Pages that e-mailed links carrying a secret open. */
const SECRET_LINK_PAGES = new Set(['/invitasjon', '/behold-konto']);

/** The production build of apps/web: public pages server-rendered (decision 018), other pages the SPA shell. */
export default fp<{ distDir: string; ssrDir?: string }>(async (app, { distDir, ssrDir = path.join(path.dirname(distDir), 'dist-ssr') }) => {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web build not found: run `npm run build` to serve the site');
    return;
  }
  const ssr = await loadRenderer(app, ssrDir);
  const index = readFileSync(indexFile, 'utf8');
  const page = ssr ? pageTemplate(index, readManifest(distDir)) : null;
  // The shell with a client-rendered page's frame in #root; few frames differ, so each is compressed once.
  const shells = new Map<string, CachedBody>();
  const shellWith = (frame: string) => {
    let body = shells.get(frame);
    if (!body) {
      body = cachedBody(index.replace('<div id="root"></div>', `<div id="root">${frame}</div>`));
      if (shells.size < 64) shells.set(frame, body);
    }
    return body;
  };
  if (ssr && !page) app.log.warn({ indexFile }, 'index.html lacks the page-head markers or #root: public pages are sent as the shell');

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      // index.html names the hashed assets of one release: cached, it would outlive them after a deploy.
      const cacheControl = immutable
        ? 'public, max-age=31536000, immutable'
        : path.basename(filePath) === 'index.html'
          ? 'no-cache'
          : 'public, max-age=3600';
      res.header('Cache-Control', cacheControl);
    },
  });

  // Files outside /assets (favicon, images, robots.txt) are served by the wildcard route below.
  app.get('/*', async (request, reply) => {
    // An unknown API path is an API 404, not the SPA's index with 200.
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      return asJson(reply).status(404).send(apiNotFound(request));
    }
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return asJson(reply).status(400).send({ error: { code: 'BAD_REQUEST', message: 'Malformed URL' } });
    }
    // Nothing under a dot-folder or dot-file of the build (.vite/manifest.json names every chunk): as if absent.
    if (urlPath.split('/').some((segment) => segment.startsWith('.'))) {
      return asJson(reply).status(404).send({ error: { code: 'NOT_FOUND', message: 'No such file' } });
    }
    const candidate = path.normalize(path.join(distDir, urlPath));
    // Inside dist itself (a sibling such as dist-old/ shares the prefix), and a file, not a directory.
    const inside = candidate.startsWith(distDir + path.sep);
    if (inside && urlPath !== '/' && isFile(candidate) && !candidate.endsWith('index.html')) {
      return reply.sendFile(path.relative(distDir, candidate));
    }
    // A missing file (an old chunk, robots.txt) is a 404, not the SPA's HTML that a browser or crawler would misread.
    if (/\.[A-Za-z0-9]{1,8}$/.test(urlPath) && !urlPath.endsWith('.html')) {
      return asJson(reply).status(404).send({ error: { code: 'NOT_FOUND', message: 'No such file' } });
    }
    if (SECRET_LINK_PAGES.has(urlPath)) {
      // A secret in the fragment: kept by no cache, and no Referer from it.
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      return reply.type('text/html; charset=utf-8').send(index);
    }
    reply.header('Cache-Control', 'no-cache');
    if (ssr && page) {
      // Why: docs/decisions/018. One page per path (queries ignored) for every visitor, kept in the public cache.
      const pagePath = request.url.split('?')[0] ?? '/';
      const key = `page:${pagePath}`;
      const result = await app.publicCache.remember(key, async (deps): Promise<Rendered> => {
        const unread: string[] = [];
        // The lists hand `deps` on: a page that shows a payment hold expires at the hold's end, as the list does.
        const read = (apiPath: string, { query = {} }: { query?: ReadQuery } = {}) =>
          pageRead(app, apiPath, query, deps).catch((err: unknown) => {
            unread.push(apiPath);
            throw err;
          });
        try {
          const r = await ssr.render({ url: pagePath, origin: app.env.PUBLIC_URL.replace(/\/$/, ''), read });
          const rendered: Rendered =
            r.kind === 'page'
              ? { kind: 'page', status: r.status, body: cachedBody(page(r)) }
              : r.kind === 'shell'
                ? { kind: 'shell', body: shellWith(r.html) }
                : r;
          if (!unread.length) return rendered;
          // The renderer leaves out a list it could not read (the browser asks for it): fine to send, not to keep.
          request.log.warn({ unread }, 'server rendering without lists the API did not give; the page is not kept');
          return { ...rendered, keep: false };
        } catch (err) {
          // A page that cannot be rendered still works as the client-rendered app (and is tried again next time).
          request.log.error({ err }, 'server rendering failed; sending the shell');
          return { kind: 'shell', keep: false };
        }
      });
      // A 'not found' (any path a visitor makes up) is sent, not kept.
      if (result.keep === false || (result.kind === 'page' && result.status !== 200)) app.publicCache.forget(key);
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
      if (result.kind === 'page') {
        // The 404 page is sent as it is: an ETag would invite browsers to keep a 'not found'.
        if (result.status !== 200) return reply.status(result.status).type('text/html; charset=utf-8').send(result.body.text);
        return sendCached(request, reply, result.body, 'text/html; charset=utf-8');
      }
      if (result.body) return sendCached(request, reply, result.body, 'text/html; charset=utf-8');
    }
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
});

async function loadRenderer(app: FastifyInstance, ssrDir: string): Promise<SsrModule | null> {
  const file = path.join(ssrDir, 'entry-server.js');
  if (!existsSync(file)) {
    app.log.warn({ ssrDir }, 'server renderer not found: public pages are sent as the client-rendered shell');
    return null;
  }
  // A path known only at run time: the server bundle (build.mjs) leaves this import to Node.
  return (await import(pathToFileURL(file).href)) as SsrModule;
}

function readManifest(distDir: string): Record<string, ManifestEntry> {
  try {
    return JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  } catch {
    return {};
  }
}

/** index.html for a rendered page: head tags, the app in #root, the data as a JSON block (no inline script), preloads. */
function pageTemplate(index: string, manifest: Record<string, ManifestEntry>) {
  const headStart = index.indexOf('<!--page-head-->');
  const headEnd = index.indexOf('<!--/page-head-->');
  const rootTag = '<div id="root"></div>';
  if (headStart < 0 || headEnd < 0 || !index.includes(rootTag)) return null;
  const beforeHead = index.slice(0, headStart);
  const [headRest, afterRoot] = index.slice(headEnd + '<!--/page-head-->'.length).split(rootTag) as [string, string];
  // A rendered page loads the app after the page (boot.ts) and needs no JavaScript: no preloads, no <noscript>.
  const afterHead = headRest.replace(/\s*<link rel="modulepreload"[^>]*>/g, '').replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  const filesOf = (key: string | undefined, seen: Set<string>): string[] => {
    const entry = key ? manifest[key] : undefined;
    if (!entry || !key || seen.has(key)) return [];
    seen.add(key);
    return [`/${entry.file}`, ...(entry.imports ?? []).flatMap((dep) => filesOf(dep, seen))];
  };
  // The app (main.tsx and its imports) and the page's route chunks, less what the entry (boot.ts) loads itself.
  const entryKey = Object.keys(manifest).find((key) => (manifest[key] as ManifestEntry & { isEntry?: boolean }).isEntry);
  const modulesCache = new Map<string, string>();
  const modules = (key: string | undefined) => {
    let files = modulesCache.get(key ?? '');
    if (files === undefined) {
      const seen = new Set<string>();
      filesOf(entryKey, seen);
      files = [...filesOf('src/main.tsx', seen), ...filesOf(key, seen)].join(' ');
      modulesCache.set(key ?? '', files);
    }
    return files;
  };
  return ({ head, html, data, routeModule, withoutApp }: { head: string; html: string; data: string; routeModule?: string; withoutApp?: boolean }) => {
    const files = modules(routeModule);
    const modulesAttribute = files ? ` data-modules="${files}"` : '';
    // A visitor gets this page without the app (boot.ts, decision 045).
    const withoutAppAttribute = withoutApp ? ' data-without-app' : '';
    return `${beforeHead}${head}${afterHead}<div id="root">${html}</div>\n    <script type="application/json" id="ssr-data"${modulesAttribute}${withoutAppAttribute}>${data}</script>${afterRoot}`;
  };
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
