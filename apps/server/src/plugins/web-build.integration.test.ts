import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { parseEnv } from '../env';
import { createTestDatabase } from '../test/db';

/**
 * The web plugin on a small build of its own (issue 36 finding 9): no dot-folder of the build is served, and the
 * public page cache is keyed by path, not by whatever query a visitor adds. The renderer counts its renders.
 */
let root: string;
let app: FastifyInstance;
let database: Database;

const INDEX = `<!doctype html><html><head><!--page-head--><title>x</title><!--/page-head--></head><body><div id="root"></div></body></html>`;
const RENDERER = `
let renders = 0;
export async function render({ url }) {
  renders += 1;
  if (url.startsWith('/finnes-ikke')) return { kind: 'page', status: 404, head: '', html: 'ikke funnet', data: '{}' };
  return { kind: 'page', status: 200, head: '', html: 'render ' + renders + ' of ' + url, data: '{}' };
}
`;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'web-plugin-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'src/boot.ts': { file: 'assets/app.js', isEntry: true } }));
  writeFileSync(path.join(dist, '.hidden'), 'secret');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
  database = await createTestDatabase();
  app = await buildApp({
    // A cache that keeps pages (the test default is 0: no caching).
    env: parseEnv({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false', WEB_DIST_DIR: dist, PUBLIC_CACHE_TTL_MS: '60000' }),
    db: database.db,
    serveWeb: true,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the build as served', () => {
  it('serves assets, never the .vite folder or a dot-file', async () => {
    expect((await app.inject('/assets/app.js')).statusCode).toBe(200);
    for (const url of ['/.vite/manifest.json', '/.vite/', '/.hidden', '/assets/../.vite/manifest.json', '/%2Evite/manifest.json']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('assets/app.js');
    }
  });

  it('keeps one rendered page per path, whatever query string a visitor adds', async () => {
    const first = await app.inject('/om-oss');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('render 1 of /om-oss');
    for (const query of ['?a=1', '?a=2', '?utm_source=x&b=%3Cscript%3E']) {
      const res = await app.inject(`/om-oss${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('render 1 of /om-oss');
    }
  });

  it('does not keep a page that is not found', async () => {
    expect((await app.inject('/finnes-ikke-1')).statusCode).toBe(404);
    const renders = Number(/render (\d+)/.exec((await app.inject('/ny-side')).body)![1]);
    expect((await app.inject('/finnes-ikke-1')).statusCode).toBe(404);
    // Rendered again (not from the cache): the next page's render count moved by the second 404's render.
    expect(Number(/render (\d+)/.exec((await app.inject('/enda-en')).body)![1])).toBe(renders + 2);
  });
});
