/**
 * Test support for the booking tests (import from *.test.ts only): the ePayment simulator, one fresh database, and
 * one or more app instances listening on loopback with PUBLIC_URL set to their own address, so webhooks, return URLs
 * and signatures are real. Several instances share the database (separate pools) like production instances do.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type Database, type Db } from '../db/client';
import { parseEnv } from '../env';
import { createScratchDatabase, createTestPglite } from './db';
import { startTestEpaymentSimulator, submitLandingPage, type TestEpaymentSimulator } from './epayment';
import type { EpaymentClientOptions } from '../integrations/vipps/epayment';
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema';
import { createFamily, createUser, type Family } from './builders';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createPayments, type Payments, type PaymentsOptions } from '../integrations/vipps/payments';
import { type Clock, type ServiceContext } from '../context';

export interface BookingTestOptions {
  /** App instances on the same database (PostgreSQL only for more than one). Default 1. */
  instances?: number;
  /** Register instance 0's webhook at the simulator. Default true. */
  registerWebhook?: boolean;
  env?: Record<string, string>;
  /** Per instance, by index (e.g. the naive negative control on one of them). */
  paymentOptions?: (index: number) => Partial<PaymentsOptions>;
  poolSize?: number;
  simulator?: Parameters<typeof startTestEpaymentSimulator>[0];
  /** The time every instance's rules use (default the system clock). */
  clock?: Clock;
  /** The product's Vipps client against the simulator: e.g. a short timeout and a circuit breaker (issue 42). */
  clientOptions?: Partial<EpaymentClientOptions>;
}

export interface BookingTestInstance {
  app: FastifyInstance;
  url: string;
  payments: Payments;
  database: Database;
}

export interface BookingTest {
  sim: TestEpaymentSimulator;
  instances: BookingTestInstance[];
  app: FastifyInstance;
  url: string;
  db: Db;
  /** The test database's URL on PostgreSQL (undefined on PGlite), e.g. for a second, blocking connection. */
  databaseUrl: string | undefined;
  /** Service context of instance 0, for calling the services and the reconciler directly. */
  ctx: ServiceContext;
  token(userId: string): Promise<string>;
  /** Real HTTP to an instance (default 0). */
  http(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; instance?: number; headers?: Record<string, string>; rawBody?: string },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies loosely, like inject().json()
  ): Promise<{ status: number; json: any; text: string; headers: Headers }>;
  close(): Promise<void>;
}

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One fresh database; `pools` connection pools to it (several only on PostgreSQL). */
async function createDatabases(
  pools: number,
  poolSize: number,
): Promise<{ databases: Database[]; url: string | undefined; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    if (pools > 1) throw new Error('several app instances need TEST_DATABASE_URL (PGlite is one connection)');
    const database = await createTestPglite();
    return { databases: [database], url: undefined, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(adminUrl, 't', { migrated: true });
  const databases: Database[] = [];
  for (let i = 0; i < pools; i++) databases.push(await openDatabase({ url: scratch.url, poolSize }));
  return {
    databases,
    url: scratch.url,
    async drop() {
      for (const d of databases) await d.close();
      await scratch.drop();
    },
  };
}

export async function startBookingTest(options: BookingTestOptions = {}): Promise<BookingTest> {
  const count = options.instances ?? 1;
  const sim = await startTestEpaymentSimulator(options.simulator);
  const { databases, url: databaseUrl, drop } = await createDatabases(count, options.poolSize ?? 10);
  const sessionSecret = randomBytes(32).toString('base64url');
  const instances: BookingTestInstance[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = parseEnv({
      NODE_ENV: 'test',
      SEED_DEMO_DATA: 'false',
      PUBLIC_URL: url,
      SESSION_SECRET: sessionSecret,
      PAYMENT_START_RATE_LIMIT: '1000',
      PAYMENT_START_IP_RATE_LIMIT: '100000',
      ...options.env,
    });
    const database = databases[i]!;
    const payments = createPayments(env, database.db, { client: sim.client(options.clientOptions), options: options.paymentOptions?.(i) });
    const app = await buildApp({ env, db: database.db, payments, clock: options.clock, listen: database.listen });
    await app.listen({ host: '127.0.0.1', port });
    instances.push({ app, url, payments, database });
  }
  const first = instances[0]!;
  if (options.registerWebhook !== false) await first.payments.ensureWebhook();

  return {
    sim,
    instances,
    app: first.app,
    url: first.url,
    db: first.database.db,
    databaseUrl,
    ctx: { db: first.database.db, env: first.app.env, payments: first.payments, log: silentLog, viewer: null, clock: first.app.clock },
    token: async (userId) => (await first.app.sessions.issue(userId)).token,
    async http(method, path, opts = {}) {
      const target = instances[opts.instance ?? 0]!;
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: string | undefined = opts.rawBody;
      if (opts.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(opts.body);
      }
      const response = await fetch(`${target.url}${path}`, { method, headers, body });
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, json, text, headers: response.headers };
    },
    async close() {
      await sim.close();
      for (const instance of instances) await instance.app.close();
      await drop();
    },
  };
}

/**
 * 'Bestill' for the family's first child, as its first guardian (`url`: the start route, with a query if the test
 * needs one): the order it made, the Vipps landing page and the guardian's token.
 */
export async function startPayment(kit: BookingTest, family: Family, course: { id: string }, url = '/api/vipps/payment') {
  const token = await kit.token(family.guardians[0]!.id);
  const res = await kit.http('POST', url, {
    token,
    body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId: course.id },
  });
  expect(res.status, res.text).toBe(200);
  const [order] = await kit.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
  return { token, redirectUrl: res.json.redirectUrl as string, order: order! };
}

/**
 * A paid booking made the way a parent makes it, against the kit's simulator: start, "Betal" on the landing page,
 * the webhooks. Returns the family, the captured order and the parent's token.
 */
export async function payForCourse(kit: BookingTest, course: { id: string }) {
  const family = await createFamily(kit.db);
  const token = await kit.token(family.guardians[0]!.id);
  const res = await kit.http('POST', '/api/vipps/payment', { token, body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId: course.id } });
  if (res.status !== 200) throw new Error(`payment start: ${res.status} ${res.text}`);
  await submitLandingPage(res.json.redirectUrl, 'Betal');
  await kit.sim.control.webhooksIdle();
  const [order] = await kit.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
  return { family, order: order!, token };
}

/**
 * The frame of the money tests (cancellations, cancelled dates, issue 52): one kit for the file with a clock the test
 * sets (back to now before each test) and an admin's token. Read `kit.t` and `kit.adminToken` inside the tests.
 */
export function bookingTestWithClock() {
  const clock = { current: new Date(), now() { return this.current; } };
  const kit = { clock, t: undefined as unknown as BookingTest, adminToken: '' };
  beforeAll(async () => {
    kit.t = await startBookingTest({ clock });
    kit.adminToken = await kit.t.token((await createUser(kit.t.db, { roles: ['admin', 'parent'] })).id);
  });
  afterAll(() => kit.t?.close());
  beforeEach(() => {
    clock.current = new Date();
  });
  return kit;
}
