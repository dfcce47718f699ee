import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { parseEnv } from '../../env';
import { createTestDatabase } from '../../test/db';
import { startTestEpaymentSimulator, type TestEpaymentSimulator } from '../../test/epayment';
import type { Db } from '../../db/client';
import { EPAYMENT_WEBHOOK_EVENTS } from './epayment';
import { createPayments, WEBHOOK_SETTING_KEY, type StoredWebhook } from './payments';
import { readSetting } from '../../repos/system.repo';

const readStoredWebhook = (db: Db) => readSetting<StoredWebhook>(db, WEBHOOK_SETTING_KEY);

/** Webhook registration at start: one registration shared through the settings table, replaced when lost. */
let sim: TestEpaymentSimulator;
let database: Database;
const env = parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'https://plask.example.no' });

beforeAll(async () => {
  sim = await startTestEpaymentSimulator();
  database = await createTestDatabase();
});
afterAll(async () => {
  await sim.close();
  await database.close();
});

describe('vipps webhook registration', () => {
  it('registers once, even when two instances start together, and keeps the secret in settings', async () => {
    const a = createPayments(env, database.db, { client: sim.client() });
    const b = createPayments(env, database.db, { client: sim.client() });
    const outcomes = await Promise.all([a.ensureWebhook(), b.ensureWebhook()]);
    expect(outcomes.sort()).toEqual(['kept', 'registered']);

    const hooks = await sim.client().listWebhooks();
    expect(hooks).toEqual([{ id: expect.any(String), url: 'https://plask.example.no/api/vipps/webhooks', events: [...EPAYMENT_WEBHOOK_EVENTS] }]);
    const stored = await readStoredWebhook(database.db);
    expect(stored).toMatchObject({ id: hooks[0]!.id, url: hooks[0]!.url, secret: expect.any(String) });
    expect(await a.webhookSecret()).toBe(stored!.secret);
    expect(await b.webhookSecret()).toBe(stored!.secret);
    expect(await a.ensureWebhook()).toBe('kept');
  });

  it('re-registers when Vipps lost the webhook, and other instances pick up the new secret', async () => {
    let clock = Date.now();
    const a = createPayments(env, database.db, { client: sim.client(), now: () => clock });
    const old = (await readStoredWebhook(database.db))!;
    expect(await a.webhookSecret()).toBe(old.secret);
    await sim.client().deleteWebhook(old.id);

    const b = createPayments(env, database.db, { client: sim.client() });
    expect(await b.ensureWebhook()).toBe('registered');
    const fresh = (await readStoredWebhook(database.db))!;
    expect(fresh.secret).not.toBe(old.secret);
    expect(await sim.client().listWebhooks()).toHaveLength(1);
    // `a` keeps the old secret in memory; a refresh (what the webhook route does on a mismatch) finds the new one,
    // but not more often than every few seconds.
    expect(await a.webhookSecret()).toBe(old.secret);
    expect(await a.refreshWebhookSecret()).toBeUndefined();
    clock += 6_000;
    expect(await a.refreshWebhookSecret()).toBe(fresh.secret);
    expect(await a.webhookSecret()).toBe(fresh.secret);
  });

  it('uses VIPPS_WEBHOOK_SECRET without registering, and does nothing without Vipps', async () => {
    const withSecret = createPayments(parseEnv({ NODE_ENV: 'test', VIPPS_WEBHOOK_SECRET: 'from-env' }), database.db, { client: sim.client() });
    expect(await withSecret.ensureWebhook()).toBe('env');
    expect(await withSecret.webhookSecret()).toBe('from-env');
    const none = createPayments(parseEnv({ NODE_ENV: 'test' }), database.db, { client: null });
    expect(await none.ensureWebhook()).toBe('unconfigured');
  });
});
