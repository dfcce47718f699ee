import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ore } from '@app/shared';
import { orderEvents, orders, outbox, participants } from '../../db/schema';
import { createCourse, createFamily, createInstructor, createOrder, createUser, type Family, type TestCourse } from '../../test/builders';
import { submitLandingPage } from '../../test/epayment';
import { applyPaymentEvent } from '../../domain/family-ledger/payment-events';
import { startBookingTest, type BookingTest } from '../../test/booking';

/**
 * The back office's orders against the Vipps simulator over real HTTP: GET /payments, and refunds (full, partial,
 * over-refund refused, double click, the webhook after the answer) and cancellation through the ePayment API.
 */
let t: BookingTest;
/** A second product + simulator without a registered webhook: a payment can stay AUTHORIZED (not yet captured). */
let quiet: BookingTest;
let tokens: { admin: string; parent: string; instructor: string };
let quietAdmin: string;

beforeAll(async () => {
  [t, quiet] = await Promise.all([startBookingTest(), startBookingTest({ registerWebhook: false })]);
  const admin = await createUser(t.db, { roles: ['admin', 'parent'] });
  const parent = await createUser(t.db);
  const instructor = await createInstructor(t.db);
  tokens = { admin: await t.token(admin.id), parent: await t.token(parent.id), instructor: await t.token(instructor.id) };
  quietAdmin = await quiet.token((await createUser(quiet.db, { roles: ['admin'] })).id);
});
afterAll(async () => {
  await t?.close();
  await quiet?.close();
});

/** A paid booking made the way a parent makes it: start, "Betal" on the landing page, webhooks. */
async function paidBooking(kit: BookingTest, priceOre = ore(195_000)) {
  const family = await createFamily(kit.db);
  const course = await createCourse(kit.db, { maximumParticipants: 4, priceOre });
  const token = await kit.token(family.guardians[0]!.id);
  const res = await kit.http('POST', '/api/vipps/payment', {
    token,
    body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId: course.id },
  });
  expect(res.status, res.text).toBe(200);
  const [order] = await kit.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
  return { family, course, order: order!, redirectUrl: res.json.redirectUrl as string };
}

const mailsTo = (kit: BookingTest, family: Family) => kit.db.select().from(outbox).where(eq(outbox.to, family.guardians[0]!.email!));
const enrolled = async (kit: BookingTest, course: TestCourse, family: Family) =>
  (await kit.db.select().from(participants).where(and(eq(participants.courseId, course.id), eq(participants.childId, family.children[0]!.id)))).length === 1;
const refund = (orderId: string, body: object, token = tokens.admin) => t.http('POST', `/api/payments/${orderId}/refund`, { token, body });

describe('GET /payments', () => {
  it('pages newest first with status, amounts, names and the Vipps events; filters by status and day', async () => {
    const { family, course, order, redirectUrl } = await paidBooking(t);
    await submitLandingPage(redirectUrl, 'Betal');
    await t.sim.control.webhooksIdle();
    const old = await createOrder(t.db, { status: 'aborted', course, createdAt: new Date('2025-01-15T12:00:00Z') });

    const res = await t.http('GET', '/api/payments?limit=24', { token: tokens.admin });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ page: 1, limit: 24 });
    const listed = res.json.orders.find((o: { _id: string }) => o._id === order.id);
    expect(listed).toMatchObject({
      status: 'captured',
      reference: order.reference,
      humanReference: order.humanReference,
      amount: 195_000,
      capturedAmount: 195_000,
      refundedAmount: 0,
      enrolled: true,
      // The order keeps the course's display name, the one a parent reads (walk-through 06.12, finding 8).
      additionalInfo: { child: { _id: family.children[0]!.id }, course: { _id: course.id, name: expect.stringMatching(/^.+ · .+ · \p{L}+ kl\. \d{2}:\d{2}$/u) } },
    });
    expect(listed.events.map((e: { name: string }) => e.name)).toEqual(['CREATED', 'AUTHORIZED', 'CAPTURED']);
    expect(listed.events[2].amount).toEqual({ value: 195_000, currency: 'NOK' });
    const times = res.json.orders.map((o: { createdAt: string }) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const aborted = await t.http('GET', '/api/payments?status=aborted&from=2025-01-15&to=2025-01-15', { token: tokens.admin });
    expect(aborted.json.total).toBe(1);
    expect(aborted.json.orders[0]._id).toBe(old.order.id);
    expect((await t.http('GET', '/api/payments?from=2025-01-16&to=2025-01-20', { token: tokens.admin })).json.total).toBe(0);

    const paged = await t.http('GET', '/api/payments?limit=1&page=2', { token: tokens.admin });
    expect(paged.json.orders).toHaveLength(1);
    expect(paged.json.total).toBe(res.json.total);
  });

  it('searches by reference and by the name of the buyer or a guardian of the family (accents and case ignored)', async () => {
    const family = await createFamily(t.db, { guardians: [{ firstName: 'Åse', lastName: 'Østbyløkken' }, { firstName: 'Per', lastName: 'Quistgaard' }] });
    const course = await createCourse(t.db);
    const { order } = await createOrder(t.db, { course, user: family.guardians[0]!, child: family.children[0]!, profileId: family.profile.id });
    const other = await createOrder(t.db, { course });
    const found = async (q: string) =>
      ((await t.http('GET', `/api/payments?limit=100&q=${encodeURIComponent(q)}`, { token: tokens.admin })).json.orders as { _id: string }[]).map((o) => o._id);
    expect(await found('ostbylokken')).toEqual([order.id]);
    expect(await found('ÅSE østby')).toEqual([order.id]);
    expect(await found('quistgaard')).toEqual([order.id]);
    expect(await found(order.reference.slice(-8).toUpperCase())).toContain(order.id);
    expect(await found(order.humanReference)).toEqual([order.id]);
    expect(await found(other.order.humanReference)).toEqual([other.order.id]);
    expect(await found('%')).toEqual([]);
    expect(await found('ingen-slik-ordre')).toEqual([]);
    expect((await t.http('GET', `/api/payments?q=${'x'.repeat(101)}`, { token: tokens.admin })).status).toBe(400);
  });

  it('refuses a parent and an instructor (403), a visitor (401); bad filters are 400', async () => {
    for (const token of [tokens.parent, tokens.instructor]) expect((await t.http('GET', '/api/payments', { token })).status).toBe(403);
    expect((await t.http('GET', '/api/payments')).status).toBe(401);
    for (const query of ['status=paid', 'from=2025-13-45x', 'from=2026-13-40', 'to=2026-02-30', 'from=2026-00-10', 'from=2025-02-01&to=2025-01-01', 'limit=1000']) {
      expect((await t.http('GET', `/api/payments?${query}`, { token: tokens.admin })).status, query).toBe(400);
    }
  });
});

describe('refund through Vipps', () => {
  it('partial, then the rest: never more than captured; the webhook after the answer changes nothing; the parent is told', async () => {
    const { family, course, order, redirectUrl } = await paidBooking(t);
    await submitLandingPage(redirectUrl, 'Betal');
    await t.sim.control.webhooksIdle();
    const mailsBefore = (await mailsTo(t, family)).length;

    const partial = await refund(order.id, { amount: 50_000, removeFromCourse: false, idempotencyKey: 'dialog-key-0001' });
    expect(partial.status, partial.text).toBe(200);
    expect(partial.json).toMatchObject({ status: 'refunded', capturedAmount: 195_000, refundedAmount: 50_000, enrolled: true });
    expect(t.sim.control.payment(order.reference)!.aggregate.refundedAmount.value).toBe(50_000);
    expect(await enrolled(t, course, family)).toBe(true);

    // The webhook for the same refund arrives after the answer: stored once, nothing moves.
    await t.sim.control.webhooksIdle();
    const refunds = await t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.name, 'REFUNDED')));
    expect(refunds).toHaveLength(1);
    const mails = await mailsTo(t, family);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.text).toContain('Vi har refundert 500 kr');
    expect(mails.at(-1)!.text).toContain(order.humanReference);

    // More than what is left (1 450 kr) is refused, and Vipps is not asked.
    const tooMuch = await refund(order.id, { amount: 145_001, removeFromCourse: false, idempotencyKey: 'dialog-key-0002' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.error.code).toBe('REFUND_TOO_LARGE');
    expect(t.sim.control.payment(order.reference)!.aggregate.refundedAmount.value).toBe(50_000);

    // The rest, and the admin chooses to take the child off the course.
    const rest = await refund(order.id, { amount: 145_000, removeFromCourse: true, idempotencyKey: 'dialog-key-0003' });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.json).toMatchObject({ status: 'refunded', refundedAmount: 195_000, enrolled: false });
    expect(await enrolled(t, course, family)).toBe(false);
    expect(t.sim.control.payment(order.reference)!.aggregate.refundedAmount.value).toBe(195_000);
    expect((await mailsTo(t, family)).at(-1)!.text).toContain('er meldt av kurset');

    const nothingLeft = await refund(order.id, { amount: 100, removeFromCourse: false, idempotencyKey: 'dialog-key-0004' });
    expect(nothingLeft.status).toBe(409);
    expect(nothingLeft.json.error.code).toBe('REFUND_TOO_LARGE');
  });

  it('a double click refunds once: concurrent and repeated requests with the same key, one refund, one e-mail', async () => {
    const { family, order, redirectUrl } = await paidBooking(t, ore(100_000));
    await submitLandingPage(redirectUrl, 'Betal');
    await t.sim.control.webhooksIdle();
    const mailsBefore = (await mailsTo(t, family)).length;
    const body = { amount: 100_000, removeFromCourse: false, idempotencyKey: 'double-click-key-1' };

    const [first, second] = await Promise.all([refund(order.id, body), refund(order.id, body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await refund(order.id, body);
    expect(third.status, third.text).toBe(200);
    expect(third.json.refundedAmount).toBe(100_000);

    await t.sim.control.webhooksIdle();
    expect(t.sim.control.payment(order.reference)!.aggregate.refundedAmount.value).toBe(100_000);
    const refunds = await t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.name, 'REFUNDED')));
    expect(refunds).toHaveLength(1);
    expect(await mailsTo(t, family)).toHaveLength(mailsBefore + 1);

    // The same key with another amount is a different request: refused, nothing refunded.
    const changed = await refund(order.id, { ...body, amount: 50_000 });
    expect(changed.status).toBe(409);
  });

  it('only captured orders are refunded; unknown orders are 404; parents and instructors are refused', async () => {
    const course = await createCourse(t.db);
    const aborted = await createOrder(t.db, { status: 'aborted', course });
    const body = { amount: 100, removeFromCourse: false, idempotencyKey: 'dialog-key-0100' };
    const res = await refund(aborted.order.id, body);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('ORDER_NOT_REFUNDABLE');
    expect((await refund('0123456789abcdef01234567', body)).status).toBe(404);
    expect((await refund(aborted.order.id, body, tokens.parent)).status).toBe(403);
    expect((await refund(aborted.order.id, body, tokens.instructor)).status).toBe(403);
    expect((await refund(aborted.order.id, { ...body, amount: 0 })).status).toBe(400);
    expect((await refund(aborted.order.id, { ...body, amount: 1.5 })).status).toBe(400);
  });
});

describe('cancel through Vipps', () => {
  it('releases an authorised payment; the child stays unless the admin chooses; a captured order cannot be cancelled', async () => {
    const { family, course, order, redirectUrl } = await paidBooking(quiet, ore(120_000));
    await submitLandingPage(redirectUrl, 'Betal');
    // No webhook here: apply the AUTHORIZED event alone, so the payment stays reserved and not captured.
    const authorized = (await quiet.ctx.payments.client!.getEvents(order.reference)).find((e) => e.name === 'AUTHORIZED')!;
    await applyPaymentEvent(quiet.ctx, order, authorized);
    expect(await enrolled(quiet, course, family)).toBe(true);

    const body = { removeFromCourse: false, idempotencyKey: 'cancel-dialog-01' };
    const [first, second] = await Promise.all([
      quiet.http('POST', `/api/payments/${order.id}/cancel`, { token: quietAdmin, body }),
      quiet.http('POST', `/api/payments/${order.id}/cancel`, { token: quietAdmin, body }),
    ]);
    expect(first.status, first.text).toBe(200);
    expect(second.status, second.text).toBe(200);
    expect(first.json).toMatchObject({ status: 'cancelled', enrolled: true });
    expect(quiet.sim.control.payment(order.reference)!.aggregate.cancelledAmount.value).toBe(120_000);
    expect(quiet.sim.control.payment(order.reference)!.aggregate.capturedAmount.value).toBe(0);
    expect(await enrolled(quiet, course, family)).toBe(true);
    const mails = await mailsTo(quiet, family);
    expect(mails.filter((m) => m.subject.startsWith('Betaling kansellert'))).toHaveLength(1);

    // A captured order is refunded, not cancelled.
    const paid = await paidBooking(t);
    await submitLandingPage(paid.redirectUrl, 'Betal');
    await t.sim.control.webhooksIdle();
    const refused = await t.http('POST', `/api/payments/${paid.order.id}/cancel`, { token: tokens.admin, body });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('ORDER_NOT_CANCELLABLE');
    expect((await t.http('POST', `/api/payments/${paid.order.id}/cancel`, { token: tokens.parent, body })).status).toBe(403);
  });
});
