import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { parseEnv } from '../../env';
import { createTestApp, type TestContext } from '../../test/app';

/** The E2E suite's test-only way in (issue 54, decision 052): only where it is switched on, only on loopback. */
describe('POST /api/test/people', () => {
  let on: TestContext;
  let off: TestContext;
  beforeAll(async () => {
    [on, off] = await Promise.all([createTestApp({ E2E_TEST_ENDPOINTS: '1' }), createTestApp()]);
  });
  afterAll(() => Promise.all([on.close(), off.close()]));

  const post = (ctx: TestContext, payload: unknown, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/test/people', remoteAddress, payload: payload as object });
  const userCount = async (ctx: TestContext) => Number((await ctx.app.db.select({ n: count() }).from(users))[0]!.n);

  it('makes a new family with its children and a session that works', async () => {
    const started = Date.now();
    const res = await post(on, { children: [{ firstName: 'Ola', birthdate: '2025-03-15' }], lastName: 'Testesen' });
    expect(res.statusCode).toBe(200);
    const person = res.json<{ session: { id_token: string }; user: { _id: string }; profileId: string; children: { firstName: string }[] }>();
    expect(person.children.map((c) => c.firstName)).toEqual(['Ola']);
    const me = await on.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${person.session.id_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ _id: person.user._id, lastName: 'Testesen', roles: ['parent'] });
    // Recorded as a real login records it: the admin dashboard's latest logins list a test's own admin.
    const lastLogin = Date.parse(me.json<{ lastLogin: string }>().lastLogin);
    expect(lastLogin).toBeGreaterThanOrEqual(started);
    expect(lastLogin).toBeLessThanOrEqual(Date.now());
    const second = (await post(on, {})).json<{ user: { _id: string }; profileId: string; children: unknown[] }>();
    expect(second.user._id).not.toBe(person.user._id);
    expect(second.profileId).not.toBe(person.profileId);
    expect(second.children).toEqual([]);
  });

  it('gives an admin or an instructor their role', async () => {
    const admin = (await post(on, { role: 'admin' })).json<{ session: { id_token: string } }>();
    const dashboard = await on.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { authorization: `Bearer ${admin.session.id_token}` } });
    expect(dashboard.statusCode).toBe(200);
  });

  it('is a 404 from another machine, and where it is not switched on, with nothing written', async () => {
    const before = [await userCount(on), await userCount(off)];
    expect((await post(on, {}, '10.0.0.7')).statusCode).toBe(404);
    expect((await post(off, {})).statusCode).toBe(404);
    expect([await userCount(on), await userCount(off)]).toEqual(before);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const before = await userCount(on);
    for (const payload of [{ role: 'developer' }, { children: [{ firstName: 'Ola', birthdate: '2025-02-30' }] }, { lastName: '' }]) {
      expect((await post(on, payload)).statusCode).toBe(400);
    }
    expect(await userCount(on)).toBe(before);
  });

  it('a production server refuses to start with it unless it runs in test mode', () => {
    const vipps = { VIPPS_CLIENT_ID: 'a', VIPPS_CLIENT_SECRET: 'b', VIPPS_SUBSCRIPTION_KEY: 'c', VIPPS_MERCHANT_SERIAL_NUMBER: 'd', VIPPS_BASE_URL: 'https://api.vipps.no' };
    expect(() => parseEnv({ NODE_ENV: 'production', ...vipps, E2E_TEST_ENDPOINTS: '1', SESSION_SECRET: 'x'.repeat(40) })).toThrow(/E2E_TEST_ENDPOINTS=1/);
    expect(() => parseEnv({ NODE_ENV: 'production', ...vipps, SESSION_SECRET: 'x'.repeat(40) })).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: 'production', VIPPS_TEST_MODE: '1', E2E_TEST_ENDPOINTS: '1', SESSION_SECRET: 'x'.repeat(40) })).not.toThrow();
  });
});
