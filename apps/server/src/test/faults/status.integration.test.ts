import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/client';
import { parseEnv } from '../../env';
import { STATUS_DB_TIMEOUT_MS } from '../../features/status/status.routes';
import { createTestApp, type TestContext } from '../app';

/** GET /api/health tells the load balancer the truth: 503 when the database is gone or hangs. */
describe('health check when the database fails', () => {
  const opened: TestContext[] = [];
  afterAll(async () => {
    for (const ctx of opened) await ctx.app.close();
  });

  it('answers 200, then 503 with the error body once the database is closed', async () => {
    const ctx = await createTestApp();
    opened.push(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await ctx.database.close();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'BUSY', message: 'Database unavailable' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 within the timeout when the database hangs', async () => {
    const hanging = { execute: () => new Promise(() => undefined) } as unknown as Db;
    const app = await buildApp({ env: parseEnv({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false' }), db: hanging });
    await app.ready();
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const took = Date.now() - started;
    await app.close();
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('BUSY');
    expect(took).toBeGreaterThanOrEqual(STATUS_DB_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(STATUS_DB_TIMEOUT_MS + 1_000);
  });
});
