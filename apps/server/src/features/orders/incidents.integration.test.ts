import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ore } from '@app/shared';
import { orderEvents, outbox, participants, paymentIncidents } from '../../db/schema';
import { createCourse, createInstructor, createUser } from '../../test/builders';
import * as orders from '../../repos/orders.repo';
import { payForCourse, startBookingTest, type BookingTest } from '../../test/booking';

/**
 * Payment incidents are resolved (issue 52): an admin picks one of three outcomes with a note (a refund through the
 * ordinary admin refund, 'Betalt på annen måte', 'Ta barnet av kurset'); who, when, the outcome and the note are
 * kept; an incident is resolved once; the dashboard's 'Drift' counts the open ones.
 */
let t: BookingTest;
let admin: { id: string; token: string };
let parentToken: string;
let instructorToken: string;

beforeAll(async () => {
  t = await startBookingTest();
  const user = await createUser(t.db, { roles: ['admin', 'parent'] });
  admin = { id: user.id, token: await t.token(user.id) };
  parentToken = await t.token((await createUser(t.db)).id);
  instructorToken = await t.token((await createInstructor(t.db)).id);
});
afterAll(() => t?.close());

/** A paid booking whose order Vipps contradicts: an open incident on it, as the webhook check raises it. */
async function incident() {
  const course = await createCourse(t.db, { maximumParticipants: 4, priceOre: ore(200_000) });
  const paid = await payForCourse(t, course);
  expect(await orders.raiseIncident(t.db, paid.order, 'vipps-state', 'EXPIRED')).toBe(true);
  const [row] = await t.db.select().from(paymentIncidents).where(eq(paymentIncidents.orderId, paid.order.id));
  return { ...paid, course, incident: row! };
}
const resolve = (id: string, body: object, token = admin.token) => t.http('POST', `/api/payments/incidents/${id}/resolution`, { token, body });
const onCourse = async (courseId: string) => (await t.db.select().from(participants).where(eq(participants.courseId, courseId))).map((p) => p.childId);
const openCount = async () => ((await t.http('GET', '/api/health', { token: admin.token })).json as { details: { paymentIncidents: { open: number } } }).details.paymentIncidents.open;

describe('resolving a payment incident (issue 52)', () => {
  it('money event "incident resolved: refund": the refund goes through Vipps, the child leaves if chosen, and the resolution is kept', async () => {
    const { incident: open, order, course, family } = await incident();
    const before = await openCount();
    const res = await resolve(open.id, { outcome: 'refund', amount: 200_000, removeFromCourse: true, idempotencyKey: 'incident-refund-1', note: 'Vipps sier utløpt; pengene tilbake' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ _id: open.id, outcome: 'refund', note: 'Vipps sier utløpt; pengene tilbake', resolvedBy: { _id: admin.id } });
    expect(res.json.resolvedAt).toEqual(expect.any(String));
    const refunds = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(refunds.filter((e) => e.name === 'REFUNDED').map((e) => e.amountOre)).toEqual([200_000]);
    expect(await onCourse(course.id)).not.toContain(family.children[0]!.id);
    expect(await openCount()).toBe(before - 1);
    // The order no longer shows the incident.
    expect((await t.http('GET', `/api/payments?limit=100`, { token: admin.token })).json.orders.find((o: { _id: string }) => o._id === order.id).incident).toBeNull();
  });

  it('money event "incident resolved: paid by other means": the child keeps the place; a second resolution is 409', async () => {
    const { incident: open, course, family, order } = await incident();
    // 'Drift' links to the orders with an open incident.
    const withIncident = async () => ((await t.http('GET', '/api/payments?limit=100&incident=open', { token: admin.token })).json.orders as { _id: string }[]).map((o) => o._id);
    expect(await withIncident()).toContain(order.id);
    const res = await resolve(open.id, { outcome: 'paid-elsewhere', note: 'Betalt med bankoverføring 06.12' });
    expect(await withIncident()).not.toContain(order.id);
    expect(res.status, res.text).toBe(200);
    const [row] = await t.db.select().from(paymentIncidents).where(eq(paymentIncidents.id, open.id));
    expect(row).toMatchObject({ outcome: 'paid-elsewhere', note: 'Betalt med bankoverføring 06.12', resolvedBy: admin.id });
    expect(row!.resolvedAt).not.toBeNull();
    expect(await onCourse(course.id)).toContain(family.children[0]!.id);
    expect((await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).some((e) => e.name === 'REFUNDED')).toBe(false);

    const again = await resolve(open.id, { outcome: 'remove-child', note: 'Feil' });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('INCIDENT_RESOLVED');
    // Nothing changed by the refused second resolution.
    expect(await onCourse(course.id)).toContain(family.children[0]!.id);
    expect((await t.db.select().from(paymentIncidents).where(eq(paymentIncidents.id, open.id)))[0]).toMatchObject({ outcome: 'paid-elsewhere' });
  });

  it('membership event "incident resolved: child taken off the course": the place is free, no money moves', async () => {
    const { incident: open, course, family, order } = await incident();
    const res = await resolve(open.id, { outcome: 'remove-child', note: 'Ikke betalt; plassen går videre' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ outcome: 'remove-child' });
    expect(await onCourse(course.id)).not.toContain(family.children[0]!.id);
    // The family is told, as when an admin takes a child off by hand.
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, family.guardians[0]!.email!));
    expect(mails.map((m) => m.subject)).toContain(`${family.children[0]!.firstName} er tatt av et kurs`);
    expect((await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).some((e) => e.name === 'REFUNDED')).toBe(false);
  });

  it('admins only, a note is required, and bad input writes nothing', async () => {
    const { incident: open } = await incident();
    expect((await resolve(open.id, { outcome: 'paid-elsewhere', note: 'x' }, parentToken)).status).toBe(403);
    expect((await resolve(open.id, { outcome: 'paid-elsewhere', note: 'x' }, instructorToken)).status).toBe(403);
    expect((await t.http('POST', `/api/payments/incidents/${open.id}/resolution`, { body: { outcome: 'paid-elsewhere', note: 'x' } })).status).toBe(401);
    expect((await resolve(open.id, { outcome: 'paid-elsewhere', note: '   ' })).status).toBe(400);
    expect((await resolve(open.id, { outcome: 'gift', note: 'x' })).status).toBe(400);
    expect((await resolve(open.id, { outcome: 'refund', note: 'x' })).status).toBe(400);
    expect((await resolve('0000000000000000000000aa', { outcome: 'paid-elsewhere', note: 'x' })).status).toBe(404);
    expect((await t.db.select().from(paymentIncidents).where(eq(paymentIncidents.id, open.id)))[0]!.resolvedAt).toBeNull();
  });
});
