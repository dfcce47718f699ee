import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_DEFAULTS, buildSimulator, type VippsSimulator } from '@app/vipps-sim';
import { systemClock, type ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { orders, outbox, participants } from '../../db/schema';
import { createCourse, createFamily, type Family, type TestCourse } from '../builders';
import { parseEnv } from '../../env';
import { reconcilePayments } from '../../features/orders/reconciler';
import { createPayments } from '../../integrations/vipps/payments';
import { createSessions } from '../../plugins/auth';
import { scaled } from '../timeouts';
import { createServerDatabase, FAULTS_SESSION_SECRET, startServer, type ServerDatabase, type ServerProcess } from './server-process';

/**
 * kill -9 in the middle of a burst of payment starts. Vipps (the simulator, in this process) survives, as the real
 * one would. After a restart on the same database and a reconciler run: no order lost or duplicated, nothing charged
 * twice, every order settled, every participant has an authorised/captured order, approved payments are captured with
 * a place, expired holds and orders that never reached Vipps are released, and the course is never over capacity.
 * What must hold does not depend on the machine's speed: a start may still be answered 502 when a loaded machine
 * makes Vipps slower than VIPPS_TIMEOUT_MS (scaled by TEST_TIMEOUT_SCALE), and such an order is settled like the rest.
 */
const FAMILIES = 60;
const CAPACITY = 12;
/** How long the simulator takes to create a payment (a real Vipps takes about this long)... */
const VIPPS_CREATE_MS = 300;
/** ...plus this much more for each later create, so the starts that got a place are answered one by one. */
const VIPPS_CREATE_STEP_MS = 100;
/** The server's Vipps timeout: well above the simulator's slowest create, and raised with TEST_TIMEOUT_SCALE. */
const VIPPS_TIMEOUT_MS = Math.min(60_000, scaled(10_000));

type Outcome = { family: Family; status: number; reference?: string; error?: string };

describe('SIGKILL during a burst of payment starts', () => {
  let sim: VippsSimulator;
  let db: ServerDatabase;
  let tokens: string[] = [];
  let server: ServerProcess | undefined;
  let course: TestCourse;
  let families: Family[];
  const outcomes: Outcome[] = [];
  /** Every payment reference the server asked Vipps to create. */
  const createdAtVipps = new Set<string>();
  let serverEnv: Record<string, string>;

  beforeAll(async () => {
    sim = await buildSimulator({ clientId: SIM_DEFAULTS.clientId, clientSecret: SIM_DEFAULTS.clientSecret, logger: false });
    // Vipps answers a payment create in a few hundred ms, not at once. With that latency the kill (after KILL_AFTER
    // answers) lands while the starts that got a place still wait for Vipps: the 'full' answers come first, as soon as
    // the places are held (decision 019's queue answers a whole queue at once), and cannot all be in before the kill.
    let creates = 0;
    sim.addHook('preHandler', async (request) => {
      if (request.method !== 'POST' || request.url !== '/epayment/v1/payments') return;
      const reference = (request.body as { reference?: unknown } | undefined)?.reference;
      if (typeof reference === 'string') createdAtVipps.add(reference);
      await new Promise((resolve) => setTimeout(resolve, VIPPS_CREATE_MS + VIPPS_CREATE_STEP_MS * creates++));
    });
    const simUrl = (await sim.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
    db = await createServerDatabase();
    const seed = await db.open();
    course = await createCourse(seed.db, { maximumParticipants: CAPACITY });
    families = [];
    for (let i = 0; i < FAMILIES; i++) families.push(await createFamily(seed.db));
    // Sessions are rows now: issued while the test holds the database (PGlite has one owner at a time).
    const sessions = createSessions(FAULTS_SESSION_SECRET, seed.db);
    tokens = await Promise.all(families.map(async (f) => (await sessions.issue(f.guardians[0]!.id)).token));
    await seed.close();
    // VIPPS_BASE_URL without credentials: the server uses a simulator started elsewhere (this one).
    serverEnv = {
      VIPPS_BASE_URL: simUrl,
      VIPPS_TIMEOUT_MS: String(VIPPS_TIMEOUT_MS),
      PAYMENT_START_RATE_LIMIT: '1000',
      PAYMENT_START_IP_RATE_LIMIT: '100000',
    };
  }, scaled(120_000));
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await sim?.close();
    await db?.dispose();
  });

  it('loses and duplicates nothing, and the reconciler settles every order', async () => {
    server = await startServer({ db, env: serverEnv });

    // SIGKILL as soon as the first start is answered 200: the other starts that got a place still wait for Vipps
    // (its creates are answered one by one), so the kill lands mid-burst whatever the machine's speed.
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      first.child.kill('SIGKILL');
    };
    const first = server;
    await Promise.all(
      families.map(async (family, i) => {
        try {
          const res = await fetch(`${first.url}/api/vipps/payment`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
            body: JSON.stringify({ userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId: course.id }),
          });
          const body = (await res.json()) as { redirectUrl?: string };
          const reference = typeof body.redirectUrl === 'string' ? decodeURIComponent(body.redirectUrl.split('/').at(-1)!) : undefined;
          outcomes.push({ family, status: res.status, reference });
        } catch (err) {
          outcomes.push({ family, status: 0, error: (err as Error).message });
        }
        if (outcomes.at(-1)?.status === 200) kill();
      }),
    );
    kill();
    expect((await first.exited).signal).toBe('SIGKILL');
    const statuses = JSON.stringify(outcomes.map((o) => o.status));
    const cutOff = outcomes.filter((o) => o.status === 0).length;
    expect(cutOff, `the kill should land mid-burst: ${statuses}`).toBeGreaterThan(0);
    // At least one start was answered in full before the kill, so the restart has an order to answer for.
    expect(outcomes.filter((o) => o.status === 200).length, statuses).toBeGreaterThan(0);

    // Restart on the same database: it starts (migrations, crash recovery) and answers for the orders it has.
    server = await startServer({ db, env: serverEnv });
    for (const o of outcomes.filter((x) => x.status === 200)) {
      const res = await fetch(`${server.url}/api/vipps/payment/${o.reference}`, {
        headers: { authorization: `Bearer ${tokens[families.indexOf(o.family)]}` },
      });
      expect(res.status).toBe(200);
    }
    expect((await server.stop('SIGTERM')).code).toBe(0);
    server = undefined;

    // Time passes (done to the rows, as the booking tests do): parents pay or walk away, holds expire.
    const database: Database = await db.open();
    try {
      const env = parseEnv({
        NODE_ENV: 'test',
        SEED_DEMO_DATA: 'false',
        PUBLIC_URL: 'http://127.0.0.1:1',
        VIPPS_BASE_URL: serverEnv.VIPPS_BASE_URL,
        VIPPS_CLIENT_ID: SIM_DEFAULTS.clientId,
        VIPPS_CLIENT_SECRET: SIM_DEFAULTS.clientSecret,
        VIPPS_SUBSCRIPTION_KEY: SIM_DEFAULTS.subscriptionKey,
        VIPPS_MERCHANT_SERIAL_NUMBER: SIM_DEFAULTS.merchantSerialNumber,
      });
      const log = { info() {}, warn() {}, error() {}, debug() {} };
      const ctx: ServiceContext = { db: database.db, env, payments: createPayments(env, database.db), log, viewer: null, clock: systemClock };
      const control = sim.simulator.epayment!;

      const before = await database.db.select().from(orders).where(eq(orders.courseId, course.id));
      const approved = new Set<string>();
      const abandoned = new Set<string>();
      const orphans = new Set<string>();
      for (const [i, order] of before.entries()) {
        expect(order.status).toBe('created');
        const atVipps = control.payment(order.reference);
        if (!atVipps) orphans.add(order.id);
        else if (i % 2 === 0) {
          control.approve(order.reference);
          approved.add(order.id);
        } else abandoned.add(order.id);
      }
      for (const id of abandoned) {
        await database.db.update(orders).set({ holdExpiresAt: sql`now() - interval '1 second'` }).where(eq(orders.id, id));
      }
      await database.db
        .update(orders)
        .set({ createdAt: sql`now() - interval '20 minutes'`, syncAfter: sql`now() - interval '1 second'` })
        .where(eq(orders.courseId, course.id));

      for (let round = 0; round < 20; round++) {
        const result = await reconcilePayments(ctx);
        expect(result.failed).toBe(0);
        if (result.claimed === 0) break;
      }
      // Capture and cancel leave follow-up checks; run what is due until nothing is.
      await database.db.update(orders).set({ syncAfter: sql`now() - interval '1 second'` }).where(sql`${orders.syncAfter} is not null`);
      for (let round = 0; round < 20; round++) if ((await reconcilePayments(ctx)).claimed === 0) break;

      const after = await database.db.select().from(orders).where(eq(orders.courseId, course.id));
      const byId = new Map(after.map((o) => [o.id, o]));
      const enrolled = await database.db.select().from(participants).where(eq(participants.courseId, course.id));

      // Nothing lost: every start that answered 200 has its order, and no order vanished.
      expect(after.length).toBe(before.length);
      for (const o of outcomes.filter((x) => x.status === 200)) expect(after.some((row) => row.reference === o.reference)).toBe(true);
      // Nothing lost at Vipps: every payment the server created there has its order.
      for (const reference of createdAtVipps) expect(after.some((row) => row.reference === reference), reference).toBe(true);
      // Nothing charged twice: a payment is captured at most once, in full, and only for an order that kept its place.
      for (const order of after) {
        const captured = control.payment(order.reference)?.aggregate.capturedAmount.value ?? 0;
        if (order.status === 'captured') expect(captured).toBe(control.payment(order.reference)!.amount.value);
        else expect(captured, order.status).toBe(0);
      }
      // Nothing duplicated: one order per child, one place per child.
      const perChild = new Map<string, number>();
      for (const o of after) perChild.set(o.childId!, (perChild.get(o.childId!) ?? 0) + 1);
      expect([...perChild.values()].every((n) => n === 1)).toBe(true);
      expect(new Set(enrolled.map((p) => p.childId)).size).toBe(enrolled.length);
      expect(enrolled.length).toBeLessThanOrEqual(CAPACITY);

      // Every participant has an authorised or captured order of its own.
      for (const p of enrolled) {
        const order = byId.get(p.orderId ?? '');
        expect(order?.childId).toBe(p.childId);
        expect(['authorized', 'captured']).toContain(order?.status);
      }
      // Approved payments: captured, with a place and one confirmation e-mail each.
      for (const id of approved) {
        expect(byId.get(id)?.status).toBe('captured');
        expect(enrolled.some((p) => p.orderId === id)).toBe(true);
      }
      // Per paid order one confirmation and one receipt of the payment (issue 40).
      const mails = await database.db.select().from(outbox);
      expect(mails.filter((m) => m.subject.startsWith('Bekreftelse')).length).toBe(approved.size);
      expect(mails.filter((m) => m.subject.startsWith('Kvittering for betaling')).length).toBe(approved.size);
      expect(mails.length).toBe(2 * approved.size);
      // Expired holds and orders that never reached Vipps: released (no place, nothing pending at Vipps).
      for (const id of [...abandoned, ...orphans]) {
        const order = byId.get(id)!;
        expect(['terminated', 'expired', 'cancelled']).toContain(order.status);
        expect(enrolled.some((p) => p.orderId === id)).toBe(false);
        const atVipps = control.payment(order.reference);
        if (atVipps) expect(atVipps.state).not.toBe('CREATED');
      }
      expect(after.filter((o) => o.status === 'created')).toEqual([]);
      console.info(
        `sigkill: ${outcomes.filter((o) => o.status === 200).length} started, ${outcomes.filter((o) => o.status === 409).length} full, ` +
          `${outcomes.filter((o) => o.status === 502).length} Vipps too slow, ${cutOff} cut off; orders ${after.length} (approved ${approved.size}, abandoned ${abandoned.size}, never at Vipps ${orphans.size})`,
      );
    } finally {
      await database.close();
    }
  }, scaled(180_000));
});
