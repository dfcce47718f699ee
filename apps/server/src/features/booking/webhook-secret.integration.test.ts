import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signWebhookRequest } from '@app/vipps-sim';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { parseEnv } from '../../env';
import { createPayments, WEBHOOK_SETTING_KEY, webhookUrl } from '../../integrations/vipps/payments';
import { writeSetting } from '../../repos/system.repo';
import { createTestDatabase } from '../../test/db';

/**
 * Issue 9 finding 6: a webhook with a bad signature cost an uncached database read each time. The secret now stays
 * in memory, is read again (at most every few seconds) when a delivery does not verify, and failed verifications
 * are limited per IP.
 */
const reads = vi.hoisted(() => ({ settings: 0 }));
vi.mock('../../repos/system.repo', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../repos/system.repo')>();
  return {
    ...actual,
    readSetting: (...args: Parameters<typeof actual.readSetting>) => {
      reads.settings++;
      return actual.readSetting(...args);
    },
  };
});

const FAILURE_LIMIT = 5;
const env = parseEnv({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false', PUBLIC_URL: 'https://plask.example.no', WEBHOOK_FAILURE_RATE_LIMIT: String(FAILURE_LIMIT) });
const url = webhookUrl(env);
let clock = Date.parse('2026-11-23T12:00:00Z');
let database: Database;
let app: FastifyInstance;

const store = (secret: string) => writeSetting(database.db, WEBHOOK_SETTING_KEY, { id: 'hook-1', url, secret });

function deliver(secret: string, ip: string) {
  const body = JSON.stringify({ hei: 'på deg' });
  const headers = signWebhookRequest({ secret, url, body, date: new Date().toUTCString() });
  return app.inject({ method: 'POST', url: '/api/vipps/webhooks', remoteAddress: ip, headers: { 'content-type': 'application/json', ...headers }, payload: body });
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ env, db: database.db, payments: createPayments(env, database.db, { client: null, now: () => clock }) });
  await app.ready();
  await store('secret-one-0123456789');
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('webhook secret in memory', () => {
  it('verifies with the remembered secret, and a flood of forged deliveries reads the database at most once', async () => {
    expect((await deliver('secret-one-0123456789', '192.0.2.1')).statusCode).toBe(200);
    reads.settings = 0;
    for (let i = 0; i < 50; i++) {
      const res = await deliver('forged-secret', `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    expect(reads.settings).toBeLessThanOrEqual(1);
    clock += 1_000;
    for (let i = 0; i < 20; i++) await deliver('forged-secret', `198.51.101.${i + 1}`);
    expect(reads.settings).toBeLessThanOrEqual(1);
  });

  it('picks up a secret that another instance registered since', async () => {
    await store('secret-two-0123456789');
    clock += 60_000;
    expect((await deliver('secret-two-0123456789', '192.0.2.2')).statusCode).toBe(200);
    reads.settings = 0;
    expect((await deliver('secret-two-0123456789', '192.0.2.2')).statusCode).toBe(200);
    expect(reads.settings).toBe(0);
  });

  it('limits failed verifications per IP: 429 after the limit, other addresses unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < FAILURE_LIMIT + 2; i++) statuses.push((await deliver('forged-secret', '203.0.113.9')).statusCode);
    expect(statuses).toEqual([...Array(FAILURE_LIMIT).fill(401), 429, 429]);
    const limited = await deliver('forged-secret', '203.0.113.9');
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect((await deliver('secret-two-0123456789', '192.0.2.3')).statusCode).toBe(200);
    // The window passes: the address may try again.
    clock += 61_000;
    expect((await deliver('secret-two-0123456789', '203.0.113.9')).statusCode).toBe(200);
  });
});
