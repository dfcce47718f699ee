import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, outbox, participants } from '../../db/schema';
import { createCourse, createFamily, type Family, type TestCourse } from '../../test/builders';
import { asViewer, toViewer } from '../../context';
import { applyPaymentEvent, idempotencyKey } from '../../domain/family-ledger/payment-events';
import type { OrderAdditionalInfo } from '../../repos/orders.repo';
import { paymentDescription } from '../../domain/family-ledger/payment-events';
import { reserveOrder } from '../booking/booking.service';
import { startBookingTest, type BookingTest } from '../../test/booking';
import { reconcilePayments } from './reconciler';

/**
 * The background job without webhooks (none registered here): whatever happened to the browser or the process, the
 * reconciler brings each order in line with Vipps.
 */
let t: BookingTest;
beforeAll(async () => {
  t = await startBookingTest({ registerWebhook: false });
});
afterAll(() => t.close());

const viewerOf = (family: Family) => toViewer({ id: family.guardians[0]!.id, roles: ['parent'] });
const inputOf = (family: Family, course: TestCourse) => ({
  userId: family.guardians[0]!.id,
  childId: family.children[0]!.id,
  courseId: course.id,
});
const orderById = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
/** Time passes: the order is as old as given and due for the reconciler now. */
const age = (id: string, seconds: number) =>
  t.db
    .update(orders)
    .set({
      createdAt: sql`now() - ${seconds} * interval '1 second'`,
      syncAfter: sql`now() - interval '1 second'`,
    })
    .where(eq(orders.id, id));

async function startPayment(family: Family, course: TestCourse) {
  const res = await t.http('POST', '/api/vipps/payment', { token: await t.token(family.guardians[0]!.id), body: inputOf(family, course) });
  expect(res.status, res.text).toBe(200);
  const redirectUrl = res.json.redirectUrl as string;
  const reference = decodeURIComponent(redirectUrl.split('/').at(-1)!);
  const [order] = await t.db.select().from(orders).where(eq(orders.reference, reference));
  return { order: order!, redirectUrl };
}

describe('payment reconciler', () => {
  it('crash between commit and createPayment: the order is terminated and the hold released', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 1 });
    // Only the service's first step runs, as if the process died right after the commit.
    const { order } = await reserveOrder(asViewer(t.ctx, viewerOf(family)), inputOf(family, course));
    expect(order).toMatchObject({ status: 'created', redirectUrl: null });

    // Younger than a minute: createPayment may still be on its way, so nothing happens yet.
    await age(order.id, 10);
    await reconcilePayments(t.ctx);
    expect((await orderById(order.id)).status).toBe('created');

    await age(order.id, 120);
    const result = await reconcilePayments(t.ctx);
    expect(result).toMatchObject({ claimed: 1, failed: 0 });
    const after = await orderById(order.id);
    expect(after).toMatchObject({ status: 'terminated', syncAfter: null });

    // No order lost: the row is kept, and the place is free for the family to book again.
    const again = await startPayment(family, course);
    expect(again.order.id).not.toBe(order.id);
  });

  it('crash between commit and createPayment, then a retry by the parent: the same order gets its payment', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 2 });
    const { order } = await reserveOrder(asViewer(t.ctx, viewerOf(family)), inputOf(family, course));
    const retried = await startPayment(family, course);
    expect(retried.order.id).toBe(order.id);
    expect(retried.redirectUrl).toContain(order.reference);
  });

  it('crash after createPayment but before the URL was stored: the reconciler keeps the order and stores the URL', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 2 });
    const { order } = await reserveOrder(asViewer(t.ctx, viewerOf(family)), inputOf(family, course));
    const created = await t.sim.client().createPayment({
      reference: order.reference,
      amountOre: order.amountOre,
      description: paymentDescription((order.additionalInfo as OrderAdditionalInfo).course),
      returnUrl: `${t.url}/vipps/payment/${order.reference}`,
      idempotencyKey: idempotencyKey('create', order.id),
    });
    await age(order.id, 120);
    await reconcilePayments(t.ctx);
    expect(await orderById(order.id)).toMatchObject({ status: 'created', redirectUrl: created.redirectUrl });
    // A double click now gets the same payment.
    expect((await startPayment(family, course)).redirectUrl).toBe(created.redirectUrl);
  });

  it('a parent who closed the browser after approving still gets the place', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 2 });
    const { order } = await startPayment(family, course);
    t.sim.control.approve(order.reference);

    await age(order.id, 40);
    await reconcilePayments(t.ctx);
    expect(await orderById(order.id)).toMatchObject({ status: 'captured', syncAfter: null });
    expect(await t.db.select().from(participants).where(eq(participants.orderId, order.id))).toHaveLength(1);
    // One confirmation and one receipt of the payment (issue 40).
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, family.guardians[0]!.email!));
    expect(mails.map((m) => m.subject.startsWith('Kvittering for betaling')).sort()).toEqual([false, true]);
  });

  it('a hold that expired while Vipps still says CREATED: cancelled at Vipps, terminated here', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 2 });
    const { order } = await startPayment(family, course);
    await t.db.update(orders).set({ holdExpiresAt: sql`now() - interval '1 second'` }).where(eq(orders.id, order.id));
    await age(order.id, 16 * 60);
    await reconcilePayments(t.ctx);
    expect(t.sim.control.payment(order.reference)?.state).toBe('TERMINATED');
    expect(await orderById(order.id)).toMatchObject({ status: 'terminated', syncAfter: null });
    // A late approval is no longer possible at Vipps.
    expect(() => t.sim.control.approve(order.reference)).toThrow();
  });

  it('authorized but not captured (the capture call failed): captured by the reconciler', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 2 });
    const { order } = await startPayment(family, course);
    t.sim.control.approve(order.reference);
    const authorized = (await t.sim.client().getEvents(order.reference)).find((e) => e.name === 'AUTHORIZED')!;
    // Applied without the settle step, as if Vipps had been unreachable right after.
    expect(await applyPaymentEvent(t.ctx, order, authorized)).toMatchObject({ stored: true, status: 'authorized', settle: true });
    expect(t.sim.control.payment(order.reference)?.aggregate.capturedAmount.value).toBe(0);

    await age(order.id, 60);
    await reconcilePayments(t.ctx);
    expect((await orderById(order.id)).status).toBe('captured');
    expect(t.sim.control.payment(order.reference)?.aggregate.capturedAmount.value).toBe(order.amountOre);
    const names = (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).map((e) => e.name);
    expect(names.filter((n) => n === 'CAPTURED')).toHaveLength(1);
  });

  it('two reconcilers at once never take the same order', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const family = await createFamily(t.db);
      const { order } = await startPayment(family, course);
      await age(order.id, 40);
      ids.push(order.id);
    }
    const [a, b] = await Promise.all([reconcilePayments(t.ctx, { batch: 4 }), reconcilePayments(t.ctx, { batch: 4 })]);
    expect(a.claimed + b.claimed).toBe(6);
    // Still waiting for the parents, so polled again later.
    for (const id of ids) expect((await orderById(id)).status).toBe('created');
  });
});
