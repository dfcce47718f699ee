import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { apiNotFound, asJson } from './errors';

/**
 * Serves the production build of apps/web: hashed assets cached for a year, index.html never cached, and the
 * SPA's index.html for every other GET that wants a page (client routes, including the 404 page).
 */
export default fp<{ distDir: string }>(async (app, { distDir }) => {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web build not found: run `npm run build` to serve the site');
    return;
  }
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
    const candidate = path.normalize(path.join(distDir, urlPath));
    // Inside dist itself (a sibling such as dist-old/ shares the prefix), and a file, not a directory.
    const inside = candidate.startsWith(distDir + path.sep);
    if (inside && urlPath !== '/' && isFile(candidate) && !candidate.endsWith('index.html')) {
      return reply.sendFile(path.relative(distDir, candidate));
    }
    // A missing file (a chunk of an older release, robots.txt) is a 404, not the SPA's HTML with 200: a browser
    // would try to run that HTML as a module, and crawlers would read it as robots.txt.
    if (/\.[A-Za-z0-9]{1,8}$/.test(urlPath) && !urlPath.endsWith('.html')) {
      return asJson(reply).status(404).send({ error: { code: 'NOT_FOUND', message: 'No such file' } });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
});

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
