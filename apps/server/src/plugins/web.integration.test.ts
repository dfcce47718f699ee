import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { addParticipants, createCourse, createFamily, createVenue } from '../test/builders';
import { parseEnv } from '../env';
import { createTestDatabase } from '../test/db';

/**
 * Decision 018: a server-rendered public page is rendered once and kept in the public cache with the lists it shows,
 * answered by ETag, compressed once, and rendered again after a change to what it shows (NOTIFY public_lists). The
 * web build is replaced by a minimal one (an index.html and a renderer that lists the venues and counts its calls),
 * so this runs without `npm run build`.
 */
describe('server-rendered pages: the page cache', () => {
  let dir: string;
  let app: FastifyInstance;
  let database: Database;
  const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'web-cache-'));
    mkdirSync(path.join(dir, 'dist/.vite'), { recursive: true });
    mkdirSync(path.join(dir, 'dist-ssr'));
    writeFileSync(
      path.join(dir, 'dist/index.html'),
      '<!doctype html><html><head><!--page-head--><title>x</title><!--/page-head--></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dir, 'dist/.vite/manifest.json'), '{}');
    writeFileSync(
      path.join(dir, 'dist-ssr/entry-server.js'),
      `export async function render({ url, read }) {
        globalThis.__renders = (globalThis.__renders ?? 0) + 1;
        globalThis.__rendered = [...(globalThis.__rendered ?? []), url];
        if (url === '/gammel') return { kind: 'redirect', status: 301, location: '/kurs' };
        if (url === '/delvis') {
          // No such venue, so the read fails as the API would answer 404. The page is rendered without the list.
          const courses = await read('/places/000000000000000000000000/courses').catch(() => undefined);
          return { kind: 'page', status: 200, head: '<title>Delvis</title>', html: '<p>' + (courses ? 'med kurs' : 'uten kurs') + '</p>', data: '{}' };
        }
        if (url === '/presset') {
          // Holds the event loop until the load shedding is on, as an overload that begins while a page is rendered.
          const until = Date.now() + 10000;
          while (!globalThis.__pressed() && Date.now() < until) {
            const end = Date.now() + 300;
            while (Date.now() < end);
            await new Promise((resolve) => setTimeout(resolve, 1));
          }
          const pressed = globalThis.__pressed();
          const places = await read('/places').catch(() => undefined);
          // Only what a public page may read: a signed-in list is refused.
          const mine = await read('/users/me').then(() => 'lest', () => 'nektet');
          const outside = await globalThis.__outside();
          const text = (pressed ? 'presset' : 'rolig') + ', ' + (places ? 'med steder' : 'uten steder') + ', /users/me ' + mine + ', utenfra ' + outside;
          return { kind: 'page', status: 200, head: '<title>Presset</title>', html: '<p>' + text + '</p>', data: '{}' };
        }
        if (url.startsWith('/kurs/')) {
          const courses = await read('/places/' + url.slice(6) + '/courses');
          const list = courses.map((c) => '<li>' + c.freePlaces + '</li>').join('');
          return { kind: 'page', status: 200, head: '<title>Kurssted</title>', html: '<ul>' + list + '</ul>', data: '{}' };
        }
        if (url !== '/kurs') return { kind: 'page', status: 404, head: '<title>Ikke funnet</title>', html: '<h1>Ikke funnet</h1>', data: '{}' };
        const places = await read('/places');
        const list = places.map((p) => '<li>' + p.name + '</li>').join('');
        return { kind: 'page', status: 200, head: '<title>Kurssteder</title>', html: '<h1>Kurssteder</h1><ul>' + list + '</ul>' + 'x'.repeat(2000), data: '{}' };
      }`,
    );
    database = await createTestDatabase();
    await createVenue(database.db, { name: 'Sagene Basseng' });
    app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false', PUBLIC_CACHE_TTL_MS: '600000', WEB_DIST_DIR: path.join(dir, 'dist') }),
      db: database.db,
      listen: database.listen,
      serveWeb: true,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Until LISTEN is in place entries live 2 s at most; it is in place within a moment of the start.
  const pagesAreKept = () =>
    vi.waitFor(async () => {
      const before = renders();
      await app.inject({ method: 'GET', url: '/kurs' });
      await app.inject({ method: 'GET', url: '/kurs' });
      expect(renders() - before).toBeLessThanOrEqual(1);
    });

  it('renders once, answers 304 by ETag and brotli when accepted, and renders again after a change', async () => {
    await pagesAreKept();
    const before = renders();
    const first = await app.inject({ method: 'GET', url: '/kurs', headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(first.rawPayload).toString('utf8');
    expect(html).toContain('<li>Sagene Basseng</li>');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await app.inject({ method: 'GET', url: '/kurs', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const plain = await app.inject({ method: 'GET', url: '/kurs' });
    expect(plain.headers.etag).toBe(etag);
    expect(plain.body).toBe(html);
    expect(renders()).toBe(before);

    // A new venue (the places trigger's NOTIFY): the page is rendered again, with it.
    await createVenue(database.db, { name: 'Nydalen Bad' });
    await vi.waitFor(async () => expect((await app.inject({ method: 'GET', url: '/kurs' })).body).toContain('<li>Nydalen Bad</li>'), { timeout: 2_000, interval: 10 });
    expect(renders()).toBe(before + 1);
    expect((await app.inject({ method: 'GET', url: '/kurs', headers: { 'if-none-match': etag } })).statusCode).toBe(200);
  });

  it('a booking renders every page again, whichever venue it shows (decision 023)', async () => {
    const [a, b] = [await createVenue(database.db, { name: 'Tøyenbadet' }), await createVenue(database.db, { name: 'Frognerbadet' })];
    const courseA = await createCourse(database.db, { place: a, maximumParticipants: 5 });
    await createCourse(database.db, { place: b, maximumParticipants: 5 });
    const family = await createFamily(database.db);
    const rendered = () => (globalThis as { __rendered?: string[] }).__rendered ?? [];
    const pages = ['/kurs', `/kurs/${a.id}`, `/kurs/${b.id}`];
    // After the venues' NOTIFY has arrived, each page is rendered once and then kept.
    await vi.waitFor(async () => {
      const before = rendered().length;
      for (const url of pages) await app.inject({ method: 'GET', url });
      expect(rendered().length).toBe(before);
    }, { timeout: 2_000, interval: 10 });
    expect((await app.inject({ method: 'GET', url: `/kurs/${a.id}` })).body).toContain('<li>5</li>');

    const before = rendered().length;
    await addParticipants(database.db, courseA.id, [family.children[0]!.id]);
    await vi.waitFor(async () => expect((await app.inject({ method: 'GET', url: `/kurs/${a.id}` })).body).toContain('<li>4</li>'), { timeout: 2_000, interval: 10 });
    for (const url of pages) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(rendered().slice(before).sort()).toEqual([...pages].sort());
  });

  it('sends a page rendered while an API read failed, and renders it again next time instead of keeping it', async () => {
    await pagesAreKept();
    const before = renders();
    const first = await app.inject({ method: 'GET', url: '/delvis' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<p>uten kurs</p>');
    expect((await app.inject({ method: 'GET', url: '/delvis' })).body).toContain('<p>uten kurs</p>');
    expect(renders() - before).toBe(2);
  });

  it('reads the lists of a page in-process, past the load shedding that answers requests 503 BUSY', async () => {
    // Load shedding from a mean event-loop delay of 10 ms: the renderer holds the loop until it is on.
    const pressedApp = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '10', WEB_DIST_DIR: path.join(dir, 'dist') }),
      db: database.db,
      serveWeb: true,
    });
    const hooks = globalThis as { __pressed?: () => boolean; __outside?: () => Promise<number> };
    hooks.__pressed = () => pressedApp.isUnderPressure();
    hooks.__outside = async () => (await pressedApp.inject({ method: 'GET', url: '/api/places' })).statusCode;
    try {
      await pressedApp.ready();
      // The page itself is let in only while the load is normal (the start may have held the loop too).
      let page = await pressedApp.inject({ method: 'GET', url: '/presset' });
      await vi.waitFor(async () => {
        if (page.statusCode === 503) page = await pressedApp.inject({ method: 'GET', url: '/presset' });
        expect(page.statusCode).toBe(200);
      }, { timeout: 5_000, interval: 300 });
      expect(page.body).toContain('<p>presset, med steder, /users/me nektet, utenfra 503</p>');
    } finally {
      delete hooks.__pressed;
      delete hooks.__outside;
      await pressedApp.close();
    }
  });

  it.each(['/invitasjon', '/behold-konto'])('sends the secret link page %s with no-store and no-referrer, past the page cache (issues 36, 39)', async (url) => {
    const before = renders();
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers.etag).toBeUndefined();
    expect(res.body).toContain('<div id="root">');
    expect(renders()).toBe(before);
  });

  it('sends the 404 page without an ETag, and redirects as rendered', async () => {
    const missing = await app.inject({ method: 'GET', url: '/finnes-ikke' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.body).toContain('<h1>Ikke funnet</h1>');
    const moved = await app.inject({ method: 'GET', url: '/gammel' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/kurs');
  });
});
