import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookRequest } from '@app/vipps-sim';
import { orderEvents, orders, outbox, participants } from '../../db/schema';
import { createCourse, createFamily } from '../../test/builders';
import { startRoundRobinProxy } from '../../test/round-robin-proxy';
import { startBookingTest, type BookingTest } from '../../test/booking';

/**
 * Two instances on one PostgreSQL behind a round-robin proxy, as in production: one public address, one webhook
 * secret. The same Vipps event arriving at both instances at once still changes the order once.
 */
const SECRET = 'test-webhook-secret-two-instances';
const PUBLIC_URL = 'https://plask.example.no';

describe.skipIf(!process.env.TEST_DATABASE_URL)('webhooks through a proxy to two instances (PostgreSQL)', () => {
  let t: BookingTest;
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  beforeAll(async () => {
    t = await startBookingTest({ instances: 2, env: { VIPPS_WEBHOOK_SECRET: SECRET, PUBLIC_URL } });
    proxy = await startRoundRobinProxy(t.instances.map((i) => i.url));
  });
  afterAll(async () => {
    await proxy?.close();
    await t?.close();
  });

  function deliver(event: Record<string, unknown>, secret = SECRET) {
    const body = JSON.stringify({ msn: '223344', idempotencyKey: null, success: true, ...event });
    const headers = signWebhookRequest({ secret, url: `${PUBLIC_URL}/api/vipps/webhooks`, body, date: new Date().toUTCString() });
    return fetch(`${proxy.url}/api/vipps/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  }

  it('the same AUTHORIZED event 6× at once, spread over both instances: one enrolment, one capture, one e-mail', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 3 });
    const token = await t.token(family.guardians[0]!.id);
    const start = await fetch(`${proxy.url}/api/vipps/payment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId: course.id }),
    });
    expect(start.status).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
    t.sim.control.approve(order!.reference);
    const authorized = (await t.sim.client().getEvents(order!.reference)).find((e) => e.name === 'AUTHORIZED')!;

    const statuses = (await Promise.all(Array.from({ length: 6 }, () => deliver({ ...authorized })))).map((r) => r.status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);

    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.filter((e) => e.name === 'AUTHORIZED')).toHaveLength(1);
    expect(events.filter((e) => e.name === 'CAPTURED')).toHaveLength(1);
    expect((await t.db.select().from(orders).where(eq(orders.id, order!.id)))[0]!.status).toBe('captured');
    expect(await t.db.select().from(participants).where(eq(participants.courseId, course.id))).toHaveLength(1);
    // One confirmation and one receipt of the payment (issue 40).
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, family.guardians[0]!.email!));
    expect(mails.map((m) => m.subject.startsWith('Kvittering for betaling')).sort()).toEqual([false, true]);
  });

  it('a forged signature is refused by either instance and changes nothing', async () => {
    const statuses = await Promise.all([0, 1].map(() => deliver({ reference: 'plask-0123456789abcdef01234567', pspReference: '1', name: 'AUTHORIZED', amount: { currency: 'NOK', value: 100 }, timestamp: new Date().toISOString() }, 'wrong-secret')));
    expect(statuses.map((r) => r.status)).toEqual([401, 401]);
  });
});
