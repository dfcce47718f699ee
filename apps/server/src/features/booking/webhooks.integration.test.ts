import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookRequest } from '@app/vipps-sim';
import { orderEvents, orders, outbox, participants, paymentIncidents } from '../../db/schema';
import { addParticipants, createCourse, createFamily, createUser, type Family, type TestCourse } from '../../test/builders';
import { startBookingTest, startPayment, type BookingTest } from '../../test/booking';

/**
 * POST /api/vipps/webhooks with events signed exactly as Vipps signs them. The simulator has no webhook registered
 * here (VIPPS_WEBHOOK_SECRET is set), so every delivery is the test's own.
 */
const SECRET = 'test-webhook-secret-0123456789';
let t: BookingTest;
beforeAll(async () => {
  t = await startBookingTest({ env: { VIPPS_WEBHOOK_SECRET: SECRET } });
});
afterAll(() => t.close());

const psp = () => String(randomInt(1e9, 1e10));

function deliver(event: Record<string, unknown>, options: { secret?: string; tamper?: boolean } = {}) {
  const body = JSON.stringify({ msn: '223344', idempotencyKey: null, success: true, ...event });
  const headers = signWebhookRequest({
    secret: options.secret ?? SECRET,
    url: `${t.url}/api/vipps/webhooks`,
    body,
    date: new Date().toUTCString(),
  });
  return t.http('POST', '/api/vipps/webhooks', {
    headers: { 'content-type': 'application/json', ...headers },
    rawBody: options.tamper ? body.replace('"AUTHORIZED"', '"CAPTURED"') : body,
  });
}

const eventFor = (order: { reference: string; amountOre: number }, name: string, pspReference = psp()) => ({
  reference: order.reference,
  pspReference,
  name,
  amount: { currency: 'NOK', value: order.amountOre },
  timestamp: new Date().toISOString(),
});

const startOrder = (family: Family, course: TestCourse) => startPayment(t, family, course);

const orderById = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const eventsOf = (id: string) => t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
const participantsOf = (courseId: string) => t.db.select().from(participants).where(eq(participants.courseId, courseId));
const mailsTo = (family: Family) => t.db.select().from(outbox).where(eq(outbox.to, family.guardians[0]!.email!));
/** What a paid booking sends: one confirmation and one receipt of the payment (issue 40). */
const ONE_BOOKING = ['Bekreftelse', 'Kvittering for betaling'];
const mailKinds = async (family: Family) => (await mailsTo(family)).map((m) => (m.subject.startsWith('Kvittering for betaling') ? ONE_BOOKING[1] : m.subject.split(':')[0])).sort();

/** The AUTHORIZED entry of the simulator's event log after the customer approved. */
async function approveAtVipps(reference: string) {
  t.sim.control.approve(reference);
  const log = await t.sim.client().getEvents(reference);
  return log.find((e) => e.name === 'AUTHORIZED')!;
}

describe('Vipps webhooks', () => {
  it('the same event delivered 5× concurrently: one state change, one event row, one enrolment, one e-mail', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 3 });
    const { order } = await startOrder(family, course);
    const authorized = await approveAtVipps(order.reference);

    const event = { ...authorized, amount: authorized.amount };
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    const events = await eventsOf(order.id);
    expect(events.filter((e) => e.name === 'AUTHORIZED')).toHaveLength(1);
    // Enrolled orders are captured right away (decision 003), once.
    expect(events.filter((e) => e.name === 'CAPTURED')).toHaveLength(1);
    expect((await orderById(order.id)).status).toBe('captured');
    expect(await participantsOf(course.id)).toHaveLength(1);
    expect(await mailKinds(family)).toEqual(ONE_BOOKING);
    expect(t.sim.control.payment(order.reference)?.aggregate.capturedAmount.value).toBe(order.amountOre);
  });

  it('CAPTURED before AUTHORIZED: ends captured, the child enrolled once', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 3 });
    const { order, token } = await startOrder(family, course);
    t.sim.control.approve(order.reference);

    expect((await deliver(eventFor(order, 'CAPTURED'))).status).toBe(200);
    expect((await deliver(eventFor(order, 'AUTHORIZED'))).status).toBe(200);

    expect((await orderById(order.id)).status).toBe('captured');
    const enrolled = await participantsOf(course.id);
    expect(enrolled).toEqual([expect.objectContaining({ childId: family.children[0]!.id, orderId: order.id })]);
    expect((await eventsOf(order.id)).map((e) => e.name).sort()).toEqual(['AUTHORIZED', 'CAPTURED']);
    expect(await mailKinds(family)).toEqual(ONE_BOOKING);
    const status = await t.http('GET', `/api/vipps/payment/${order.reference}`, { token });
    expect(status.json).toMatchObject({ state: 'CAPTURED', enrolled: true });
  });

  it('a forged, tampered or unsigned delivery is 401 and changes nothing', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 3 });
    const { order } = await startOrder(family, course);
    const before = await eventsOf(order.id);

    const forged = await deliver(eventFor(order, 'AUTHORIZED'), { secret: 'not-the-secret' });
    expect(forged.status).toBe(401);
    expect(forged.json.error.code).toBe('UNAUTHENTICATED');
    expect((await deliver(eventFor(order, 'AUTHORIZED'), { tamper: true })).status).toBe(401);
    const unsigned = await t.http('POST', '/api/vipps/webhooks', { body: eventFor(order, 'AUTHORIZED') });
    expect(unsigned.status).toBe(401);

    expect((await orderById(order.id)).status).toBe('created');
    expect(await eventsOf(order.id)).toEqual(before);
    expect(await participantsOf(course.id)).toHaveLength(0);
  });

  it('an unknown reference is 200 and a no-op (so Vipps stops retrying)', async () => {
    const countEvents = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(orderEvents))[0]!.n;
    const eventsBefore = await countEvents();
    const res = await deliver(eventFor({ reference: 'plask-ffffffffffffffffffffffff', amountOre: 100 }, 'AUTHORIZED'));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(await countEvents()).toBe(eventsBefore);
  });
});

describe('a webhook is checked against Vipps (issue 36 finding 7)', () => {
  it('a signed 1-øre AUTHORIZED enrols nobody, and neither does a full one Vipps does not confirm', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 3 });
    const { order } = await startOrder(family, course);

    expect((await deliver(eventFor({ ...order, amountOre: 1 }, 'AUTHORIZED'))).status).toBe(200);
    // The right amount, but Vipps' own record says the customer has not paid (state CREATED).
    expect((await deliver(eventFor(order, 'AUTHORIZED'))).status).toBe(200);
    // Another merchant's event, even one Vipps would confirm.
    const authorized = await approveAtVipps(order.reference);
    expect((await deliver({ ...authorized, name: 'CAPTURED', msn: '999999' })).status).toBe(200);

    expect(await participantsOf(course.id)).toHaveLength(0);
    expect((await eventsOf(order.id)).filter((e) => e.amountOre === 1 || e.name === 'CAPTURED')).toHaveLength(0);
    expect(await mailsTo(family)).toHaveLength(0);
  });

  it('a 1-øre AUTHORIZED while Vipps holds the whole amount: the webhook does not enrol, Vipps\' own log does', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 3 });
    const { order } = await startOrder(family, course);
    const authorized = await approveAtVipps(order.reference);

    expect((await deliver({ ...authorized, amount: { currency: 'NOK', value: 1 } })).status).toBe(200);
    // The order was brought in line from Vipps' event log: enrolled for the order's own amount, captured in full.
    expect((await eventsOf(order.id)).filter((e) => e.amountOre === 1)).toHaveLength(0);
    expect((await orderById(order.id)).status).toBe('captured');
    expect(t.sim.control.payment(order.reference)?.aggregate.capturedAmount.value).toBe(order.amountOre);
  });

  it('Vipps saying TERMINATED about an enrolled order is a payment incident: flagged for the admin, the child kept', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 3 });
    const { order } = await startOrder(family, course);
    expect((await deliver({ ...(await approveAtVipps(order.reference)) })).status).toBe(200);
    expect((await orderById(order.id)).status).toBe('captured');

    expect((await deliver(eventFor(order, 'TERMINATED'))).status).toBe(200);
    expect((await deliver(eventFor(order, 'TERMINATED'))).status).toBe(200);

    const incidents = await t.db.select().from(paymentIncidents).where(eq(paymentIncidents.orderId, order.id));
    expect(incidents).toEqual([expect.objectContaining({ childId: family.children[0]!.id, courseId: course.id, vippsState: 'TERMINATED' })]);
    expect(await participantsOf(course.id)).toHaveLength(1);

    const admin = await createUser(t.db, { roles: ['admin'] });
    const list = await t.http('GET', '/api/payments?limit=100', { token: await t.token(admin.id) });
    expect(list.status, list.text).toBe(200);
    const listed = list.json.orders.find((o: { _id: string }) => o._id === order.id);
    expect(listed.incident).toMatchObject({ reason: 'vipps-state', vippsState: 'TERMINATED' });
  });
});

describe('authorised after the hold expired', () => {
  const expireHold = (orderId: string) =>
    t.db.update(orders).set({ holdExpiresAt: sql`now() - interval '1 minute'` }).where(eq(orders.id, orderId));

  it('on a course that filled meanwhile: not enrolled, cancelled at Vipps, never over capacity', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 1 });
    const late = await createFamily(t.db);
    const { order, token } = await startOrder(late, course);
    await expireHold(order.id);

    // The place is free again, and another family takes it.
    const other = await createFamily(t.db);
    const { order: otherOrder } = await startOrder(other, course);

    const authorized = await approveAtVipps(order.reference);
    expect((await deliver({ ...authorized })).status).toBe(200);

    expect((await orderById(order.id)).status).toBe('cancelled');
    expect(await participantsOf(course.id)).toHaveLength(0);
    const atVipps = t.sim.control.payment(order.reference)!;
    expect(atVipps.aggregate.cancelledAmount.value).toBe(order.amountOre);
    expect(atVipps.aggregate.capturedAmount.value).toBe(0);
    expect(await mailsTo(late)).toHaveLength(0);
    const status = await t.http('GET', `/api/vipps/payment/${order.reference}`, { token });
    expect(status.json).toMatchObject({ state: 'CANCELLED', label: 'Avbrutt av Plask Babysvømming', enrolled: false });

    // The other family's payment goes through: exactly the one place is used.
    expect((await deliver({ ...(await approveAtVipps(otherOrder.reference)) })).status).toBe(200);
    expect((await orderById(otherOrder.id)).status).toBe('captured');
    const enrolled = await participantsOf(course.id);
    expect(enrolled.map((p) => p.childId)).toEqual([other.children[0]!.id]);
  });

  it('with a place still free: enrolled and captured', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 2 });
    const family = await createFamily(t.db);
    const { order } = await startOrder(family, course);
    await expireHold(order.id);
    expect((await deliver({ ...(await approveAtVipps(order.reference)) })).status).toBe(200);
    expect((await orderById(order.id)).status).toBe('captured');
    expect(await participantsOf(course.id)).toHaveLength(1);
  });

  it('when the child was enrolled meanwhile (e.g. by an admin): not enrolled twice, the money released', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 3 });
    const family = await createFamily(t.db);
    const { order } = await startOrder(family, course);
    await addParticipants(t.db, course.id, [family.children[0]!.id]);
    expect((await deliver({ ...(await approveAtVipps(order.reference)) })).status).toBe(200);
    expect((await orderById(order.id)).status).toBe('cancelled');
    const rows = await t.db
      .select()
      .from(participants)
      .where(and(eq(participants.courseId, course.id), eq(participants.childId, family.children[0]!.id)));
    expect(rows).toEqual([expect.objectContaining({ orderId: null })]);
    expect(t.sim.control.payment(order.reference)!.aggregate.cancelledAmount.value).toBe(order.amountOre);
  });
});
