import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { osloDateKey } from '@app/shared';
import { createUser } from '../../test/builders';
import { seedDemoDataIfEmpty } from '../../db/seed';
import { parseEnv } from '../../env';
import { createTestApp, type TestContext } from '../../test/app';
import { startVippsTestMode, type VippsTestMode } from './test-mode';

/**
 * Walk-through 06.12 finding 6: in test mode the simulator keeps its payments in memory, so the demo's seeded orders
 * (and any order from before a restart) were unknown to it: refunds failed with 502 and the reconciliation showed 29
 * false differences. At start the simulator learns every Vipps payment the database has (decision 046).
 */
describe('test mode: the simulator knows the payments the database has', () => {
  let started: VippsTestMode;
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    started = await startVippsTestMode(parseEnv({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false', VIPPS_SIM_PORT: '0' }), { info: () => undefined });
    const e = started.env;
    ctx = await createTestApp({
      VIPPS_BASE_URL: e.VIPPS_BASE_URL!,
      VIPPS_CLIENT_ID: e.VIPPS_CLIENT_ID!,
      VIPPS_CLIENT_SECRET: e.VIPPS_CLIENT_SECRET!,
      VIPPS_SUBSCRIPTION_KEY: e.VIPPS_SUBSCRIPTION_KEY!,
      VIPPS_MERCHANT_SERIAL_NUMBER: e.VIPPS_MERCHANT_SERIAL_NUMBER!,
    });
    await seedDemoDataIfEmpty(ctx.database.db);
    admin = (await ctx.app.sessions.issue((await createUser(ctx.database.db, { roles: ['admin'] })).id)).token;
  });
  afterAll(async () => {
    await ctx?.close();
    await started?.close();
  });

  it('after learning, the reconciliation of the demo year finds no difference, and a second start learns nothing new', async () => {
    const learned = await started.learnPayments(ctx.database.db);
    expect(learned).toBeGreaterThan(10);
    expect(await started.learnPayments(ctx.database.db)).toBe(0);
    const now = new Date();
    const from = osloDateKey(new Date(now.getTime() - 400 * 86_400_000));
    const res = await ctx.app.inject({ url: `/api/payments/reconciliation?from=${from}&to=${osloDateKey(now)}`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ordersChecked).toBeGreaterThan(10);
    expect(res.json().differences).toEqual([]);
  });
});
