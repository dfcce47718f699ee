import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusSchema } from '@app/shared';
import { outbox } from '../../db/schema';
import { createUser } from '../../test/builders';
import { OUTAGES_SETTING_KEY } from '../../integrations/vipps/payments';
import { writeSetting } from '../../repos/system.repo';
import { createTestApp, type TestContext } from '../../test/app';

describe('GET /api/health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    // A fresh embedded database's first query can take longer than the check's 2 s on a busy machine (cold WASM);
    // the check is about a database that answers, so it is asked after one query has warmed it.
    await ctx.database.db.execute(sql`select 1`);
  });
  afterAll(() => ctx.close());

  it('answers ok when the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('gives the details (database, outbox, reconciler, Vipps) to admins only; the status code is the database\'s', async () => {
    const db = ctx.database.db;
    const issue = async (roles: ('admin' | 'parent')[]) => (await ctx.app.sessions.issue((await createUser(db, { roles })).id)).token;
    await db.insert(outbox).values([{ to: 'a@example.no', subject: 's', text: 't' }, { to: 'b@example.no', subject: 's', text: 't', status: 'failed' }]);
    await writeSetting(db, OUTAGES_SETTING_KEY, [{ startedAt: '2026-11-29T19:00:00.000Z', endedAt: '2026-11-29T19:00:30.000Z', lastError: 'timed out' }]);

    const parent = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${await issue(['parent'])}` } });
    expect(parent.statusCode).toBe(200);
    expect(parent.json()).toEqual({ status: 'ok' });

    const admin = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${await issue(['admin'])}` } });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['cache-control']).toContain('no-store');
    const body = statusSchema.parse(admin.json());
    expect(body.details).toMatchObject({
      outbox: { pending: 1, failed: 1 },
      reconciler: { lastRunAt: null, overdue: 0 },
      // No Vipps credentials in this test app: no client, so nothing to break.
      vipps: { state: 'unconfigured', outages: [{ startedAt: '2026-11-29T19:00:00.000Z', endedAt: '2026-11-29T19:00:30.000Z', lastError: 'timed out' }] },
    });
    expect(body.details!.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('answers an unknown API path with a 404 error body', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('sends the security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
