import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

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
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  // Files outside /assets (favicon, images, robots.txt) are served by the wildcard route below.
  app.get('/*', async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    const candidate = path.normalize(path.join(distDir, urlPath));
    if (candidate.startsWith(distDir) && urlPath !== '/' && existsSync(candidate) && !candidate.endsWith('index.html')) {
      return reply.sendFile(path.relative(distDir, candidate));
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
});
