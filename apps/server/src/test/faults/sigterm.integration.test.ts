import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase, startServer, type ServerDatabase, type ServerProcess } from './server-process';
import { scaled } from '../timeouts';

/**
 * SIGTERM drains: the real server process, requests in flight when the signal arrives (slow uploads on both
 * databases; on PostgreSQL also a burst blocked behind a table lock), every one answered 200, then exit 0 with the
 * background workers stopped, and new connections refused.
 */

/** A POST whose body arrives in two halves `pauseMs` apart: in flight on the server for that long. */
function slowPost(url: string, path: string, body: string, pauseMs: number, sent: () => void) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const data = Buffer.from(body);
    const req = http.request(`${url}${path}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': data.length },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.flushHeaders();
    req.write(data.subarray(0, 10), () => {
      sent();
      setTimeout(() => req.end(data.subarray(10)), pauseMs);
    });
  });
}

function get(url: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      })
      .on('error', reject);
  });
}

describe('SIGTERM', () => {
  let db: ServerDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    db = await createServerDatabase();
    server = await startServer({ db, env: { SEED_DEMO_DATA: 'true', CONTACT_RATE_LIMIT: '10000' } });
  }, scaled(120_000));
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await db?.dispose();
  });

  it('finishes every request in flight, stops the workers and exits 0', async () => {
    const SLOW = 40;
    let sent = 0;
    let allSent: () => void = () => undefined;
    const written = new Promise<void>((resolve) => (allSent = resolve));
    const body = JSON.stringify({ name: 'Drain Test', email: 'drain@example.no', message: 'Kommer denne fram?' });
    const slow = Array.from({ length: SLOW }, () =>
      slowPost(server.url, '/api/contact', body, 1_500, () => {
        if (++sent === SLOW) allSent();
      }),
    );

    // On PostgreSQL: a burst of reads held in flight by a lock on the places table.
    let locker: pg.Client | undefined;
    let burst: Promise<{ status: number; body: string }[]> = Promise.resolve([]);
    if (db.kind === 'postgres') {
      locker = new pg.Client({ connectionString: db.env.DATABASE_URL });
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table places in access exclusive mode');
      burst = Promise.all(Array.from({ length: 60 }, () => get(`${server.url}/api/places`)));
    }

    await written;
    // The slow requests (and on PostgreSQL the burst, waiting on the lock) are accepted by the server. A write's
    // callback only says the bytes left this process, and the server logs no event per accepted request, so this
    // pause stays.
    await new Promise((r) => setTimeout(r, 300));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    // New connections are refused once the server stops listening (asked until it does, not after a fixed pause).
    const askLate = () =>
      get(`${server.url}/api/health`).then(
        (r) => `answered ${r.status}`,
        (err: NodeJS.ErrnoException) => err.code ?? 'error',
      );
    let late = await askLate();
    const lateUntil = Date.now() + scaled(10_000);
    // Until then a request is answered, or reset when it arrives while the listener closes.
    while ((late === 'answered 200' || late === 'ECONNRESET') && Date.now() < lateUntil) late = await askLate();
    if (locker) {
      await locker.query('commit');
      await locker.end();
    }

    const results = await Promise.all(slow);
    const burstResults = await burst;
    const { code } = await server.exited;

    expect(results.map((r) => r.status)).toEqual(Array(SLOW).fill(200));
    expect(burstResults.every((r) => r.status === 200), JSON.stringify(burstResults.map((r) => r.status))).toBe(true);
    expect(['ECONNREFUSED', 'answered 503']).toContain(late);
    expect(code).toBe(0);
    const messages = server.jsonLogs().map((l) => String(l.msg));
    expect(messages).toContain('workers stopped');
    expect(messages).toContain('shutdown complete');
    expect(messages.indexOf('workers stopped')).toBeLessThan(messages.indexOf('shutdown complete'));
    // The drain waited for the slow bodies (about 1.5 s), and did not hang.
    expect(Date.now() - signalledAt).toBeLessThan(20_000);

    // Every message reached the database before the process ended.
    const check = await db.open();
    const rows = (await check.db.execute('select count(*)::int as n from contact_messages')) as unknown as { rows: { n: number }[] };
    await check.close();
    expect(Number(rows.rows[0]!.n)).toBe(SLOW);
  }, scaled(90_000));
});
