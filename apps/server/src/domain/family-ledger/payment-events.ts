import { courseDisplayName, oreToKr, paymentStatusLabel, toIso, type OrderEventName, type OrderStatus, type PaymentStatus } from '@app/shared';
import { can } from '../../access/access';
import type { DbOrTx } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import { VippsApiError, VippsError, type Payment, type PaymentEvent } from '../../integrations/vipps/epayment';
import { withTx, type ServiceContext } from '../../context';
import * as content from '../../repos/content.repo';
import * as courses from '../../repos/courses.repo';
import * as orders from '../../repos/orders.repo';
import * as profiles from '../../repos/profiles.repo';
import * as system from '../../repos/system.repo';
import * as users from '../../repos/users.repo';
import * as waitlist from '../../repos/waitlist.repo';
import { holdSeat, reserveSeat, type BookingCheck } from '../enrolment/seats';
import { busyAsAppError } from '../../db/busy';
import { AppError } from '../../lib/app-error';
import { consumeCredit } from './entries';
import { lockedPrice, priceRules } from './prices';
import { confirmationEmail, queuePaymentReceipt } from './emails';
import { issueGiftCard } from './gift-cards';

/**
 * Payment outcome, decided on the server from Vipps (docs/architecture.md): webhooks, the status page's poll and the
 * reconciler feed events through applyPaymentEvent(); syncOrder() brings an order in line with Vipps. Both idempotent.
 */

/** When a 'created' order is looked at again while its hold is live. */
export const POLL_MS = 30_000;
/** When pending Vipps work (capture, cancel) is retried if the immediate attempt did not finish it. */
export const SETTLE_RETRY_MS = 30_000;
/** An order without a redirect URL this old never reached Vipps (crash between commit and createPayment). */
export const NO_PAYMENT_GRACE_MS = 60_000;

/** One event as Vipps reports it (webhook body or event-log entry). */
export type IncomingEvent = Pick<PaymentEvent, 'name' | 'pspReference' | 'amount' | 'timestamp' | 'success'>;

/** `stored`: the event was new; `settle`: Vipps work may be left (call syncOrder); `enrolled`: this event decided it. */
type ApplyResult = { stored: boolean; status: OrderStatus | null; settle: boolean; enrolled?: boolean };

/** Idempotency keys derived from the order id: any retry, on any instance, reuses them. */
export const idempotencyKey = (operation: 'create' | 'capture' | 'cancel' | 'refund', orderId: string) => `${operation}-${orderId}`;

const eventTime = (timestamp: string, now: Date) => {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? now : date;
};

/**
 * Applies one Vipps event to an order, once: the order row locked, the event inserted ON CONFLICT DO NOTHING, and only
 * a new event moves the (monotonic) state machine. 'created' to AUTHORIZED/CAPTURED enrols under the course lock,
 * unless the place is gone: then the order is 'cancelled' and syncOrder() releases the money. Never over capacity.
 */
export async function applyPaymentEvent(ctx: ServiceContext, order: { id: string }, event: IncomingEvent): Promise<ApplyResult> {
  return busyAsAppError(() =>
    withTx(ctx, async (ctx) => {
      const locked = await orders.lockOrder(ctx.db, order.id);
      if (!locked) return { stored: false, status: null, settle: false };
      const stored = await orders.insertEvent(ctx.db, {
        orderId: locked.id,
        name: event.name,
        pspReference: event.pspReference,
        amountOre: event.amount.value,
        currency: event.amount.currency,
        success: event.success,
        timestamp: eventTime(event.timestamp, ctx.clock.now()),
      });
      const current = locked.status as OrderStatus;
      if (!stored || !event.success) return { stored, status: current, settle: false };

      const name = event.name as OrderEventName;
      if (isEnrolledStatus(current) && isDeadStatus(STATUS_OF_EVENT[name])) {
        // Vipps says the payment ended unpaid while the child holds the place: a payment incident for the admin.
        await raiseIncident(ctx, ctx.db, locked, 'vipps-state', name);
      }
      const target = nextStatus(current, name);
      if (target === null) {
        // Money reserved or taken on an order that holds no place (it ended first): release it.
        const moneyMoved = name === 'AUTHORIZED' || name === 'CAPTURED';
        if (isDeadStatus(current) && moneyMoved) {
          await orders.setSyncAfter(ctx.db, locked.id, system.dbNowPlus(SETTLE_RETRY_MS));
          return { stored, status: current, settle: true };
        }
        return { stored, status: current, settle: false };
      }

      if (current === 'created' && (target === 'authorized' || target === 'captured')) {
        if (!amountIsOrders(event.amount, locked)) {
          // Not the order's money (a smaller or foreign amount): no place for it; whatever was reserved is released.
          ctx.log.error({ orderId: locked.id, event: name, amount: event.amount }, 'payment amount differs from the order: not enrolled');
          await orders.updateOrderState(ctx.db, locked.id, { status: 'cancelled', syncAfter: system.dbNowPlus(SETTLE_RETRY_MS) });
          return { stored, status: 'cancelled', settle: true, enrolled: false };
        }
        // A gift card's order (no course) issues its card instead of enrolling (decision 059).
        const enrolled = locked.courseId ? await enrol(ctx.db, locked) : await issueGiftCard(ctx.db, ctx, locked);
        if (!enrolled) {
          ctx.log.warn({ orderId: locked.id, event: name }, 'payment arrived without a place: not enrolled, releasing the money');
          await orders.updateOrderState(ctx.db, locked.id, { status: 'cancelled', syncAfter: system.dbNowPlus(SETTLE_RETRY_MS) });
          return { stored, status: 'cancelled', settle: true, enrolled: false };
        }
        // The order's credit part is taken from the family's ledger when the Vipps part is paid.
        if (locked.creditOre > 0) await consumeCredit(ctx.db, locked, ctx.clock.now());
        if (locked.courseId) await queueConfirmation(ctx.db, ctx, locked);
        if (target === 'captured') await queuePaymentReceipt(ctx.db, ctx, locked, event.pspReference);
        const pendingCapture = target === 'authorized';
        await orders.updateOrderState(ctx.db, locked.id, {
          status: target,
          syncAfter: pendingCapture ? system.dbNowPlus(SETTLE_RETRY_MS) : null,
        });
        return { stored, status: target, settle: pendingCapture, enrolled: true };
      }

      if (target === 'captured' && name === 'CAPTURED') await queuePaymentReceipt(ctx.db, ctx, locked, event.pspReference);
      const check = target === 'cancelled';
      // Vipps' timeout ran out on an unpaid order: the hold lapsed (repeated lapses lead to a cool-down).
      const lapsed = current === 'created' && target === 'expired';
      await orders.updateOrderState(ctx.db, locked.id, {
        status: target,
        syncAfter: check ? system.dbNowPlus(SETTLE_RETRY_MS) : null,
        lapsed,
      });
      return { stored, status: target, settle: check };
    }),
  );
}

/** The order's own money: its amount, in NOK (the only currency the product charges). */
const amountIsOrders = (amount: { currency: string; value: number }, order: Pick<orders.OrderRow, 'amountOre'>) =>
  amount.currency === 'NOK' && amount.value === order.amountOre;

/** The statuses of an order that enrolled its child (paid, or reserved and about to be captured). */
const isEnrolledStatus = (status: OrderStatus) => status === 'authorized' || status === 'captured';

/** Vipps contradicts an order that enrolled a child: an incident (once per reason); the child stays, the admin decides. */
async function raiseIncident(ctx: ServiceContext, db: DbOrTx, order: orders.OrderRow, reason: string, vippsState: string): Promise<void> {
  if (await orders.raiseIncident(db, order, reason, vippsState)) {
    ctx.log.error({ orderId: order.id, childId: order.childId, courseId: order.courseId, reason, vippsState }, 'payment incident: Vipps contradicts an enrolled order');
  }
}

/** Enrols the order's child if a place is free: the seat ledger's locked step (lock order: the order row, then the course). */
async function enrol(tx: DbOrTx, order: orders.OrderRow): Promise<boolean> {
  if (!order.courseId || !order.childId) return false;
  const seat = await reserveSeat(tx, order.courseId, { by: 'payment', orderId: order.id, childId: order.childId });
  if ('refused' in seat) return false;
  const inserted = await courses.insertParticipant(tx, order.courseId, order.childId, order.id);
  // An offer (or a wait) of this child on the course is fulfilled.
  if (inserted) await waitlist.markBookedOnCourse(tx, order.courseId, order.childId);
  return inserted;
}

/** ONE confirmation per order: it is queued in the transaction that enrols, which happens once per order. */
async function queueConfirmation(tx: DbOrTx, ctx: ServiceContext, order: orders.OrderRow): Promise<void> {
  const user = order.userId ? await users.findUserById(tx, order.userId) : undefined;
  const child = order.childId ? await profiles.findChild(tx, order.childId) : undefined;
  const course = order.courseId ? await courses.findCourseDetails(tx, order.courseId) : undefined;
  if (!user?.email || !child || !course) {
    ctx.log.warn({ orderId: order.id }, 'booking confirmation not sent: no e-mail address (or the family was deleted)');
    return;
  }
  await enqueueEmail(
    tx,
    confirmationEmail({
      to: user.email,
      companyName: ctx.env.site.companyName,
      siteUrl: ctx.env.PUBLIC_URL,
      guardian: user,
      child,
      // A late booking covers the dates that were left: the e-mail and its calendar list those.
      course: order.coveredDates?.length ? { ...course, dates: order.coveredDates } : course,
      order: { reference: order.reference, humanReference: order.humanReference, amountOre: order.amountOre },
    }),
  );
}

/**
 * A webhook's event; unknown references and other merchants' events are ignored (2xx, so Vipps stops retrying). A
 * webhook never enrols on its own word: only when Vipps' record (GET /epayment/v1/payments/{reference}) shows the
 * order's amount in NOK authorised; otherwise syncOrder reads the event log, which Vipps calls authoritative.
 */
export async function receiveWebhookEvent(
  ctx: ServiceContext,
  event: IncomingEvent & { reference: string; msn: string },
): Promise<'applied' | 'duplicate' | 'unknown' | 'ignored'> {
  const order = await orders.findOrderByReference(ctx.db, event.reference);
  if (!order) {
    ctx.log.info({ reference: event.reference, event: event.name }, 'webhook for an unknown reference ignored');
    return 'unknown';
  }
  const client = ctx.payments.client;
  if (client && event.msn !== client.merchantSerialNumber) {
    ctx.log.error({ orderId: order.id, msn: event.msn, event: event.name }, 'webhook for another merchant ignored');
    return 'ignored';
  }
  const wouldEnrol = event.success && order.status === 'created' && (event.name === 'AUTHORIZED' || event.name === 'CAPTURED');
  if (wouldEnrol && !(await confirmedByVipps(ctx, order, event))) {
    ctx.log.error({ orderId: order.id, event: event.name, amount: event.amount }, 'webhook not confirmed by Vipps: not applied');
    await syncOrder(ctx, order.id).catch((err: unknown) => ctx.log.warn({ err, orderId: order.id }, 'sync after an unconfirmed webhook failed'));
    return 'ignored';
  }
  const result = await applyPaymentEvent(ctx, order, event);
  if (result.settle) {
    // The event is stored; capture/cancel now if Vipps answers, else the reconciler does it.
    await syncOrder(ctx, order.id).catch((err: unknown) => ctx.log.warn({ err, orderId: order.id }, 'settling after webhook failed'));
  }
  return result.stored ? 'applied' : 'duplicate';
}

/** The event's amount is the order's, and Vipps' own record of the payment shows that amount authorised. */
async function confirmedByVipps(ctx: ServiceContext, order: orders.OrderRow, event: IncomingEvent): Promise<boolean> {
  if (!amountIsOrders(event.amount, order)) return false;
  const client = ctx.payments.client;
  if (!client) return false;
  let payment: Payment;
  try {
    payment = await client.getPayment(order.reference);
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
  return paymentCoversOrder(payment, order);
}

/** Vipps' record agrees with the order: authorised, for the order's amount in NOK, all of it reserved or taken. */
const paymentCoversOrder = (payment: Payment, order: Pick<orders.OrderRow, 'amountOre'>) =>
  payment.state === 'AUTHORIZED' &&
  amountIsOrders(payment.amount, order) &&
  amountIsOrders(payment.aggregate.authorizedAmount, order);

const isNotFound = (error: unknown) => error instanceof VippsApiError && error.status === 404;

const amountsOf = (payment: Payment) => ({
  authorized: payment.aggregate.authorizedAmount.value,
  captured: payment.aggregate.capturedAmount.value,
  cancelled: payment.aggregate.cancelledAmount.value,
  refunded: payment.aggregate.refundedAmount.value,
});

/** Vipps' answer to a modification that no longer applies (already done, wrong state): the next read tells. */
const isStateConflict = (error: unknown) => error instanceof VippsApiError && (error.status === 400 || error.status === 409);

const MAX_ROUNDS = 3;

/**
 * Brings one order in line with Vipps: applies the event log, then cancels a payment whose hold expired (the order is
 * terminated first, so a late AUTHORIZED cannot enrol), captures an enrolled order, releases money without a place,
 * and reschedules sync_after. Throws on Vipps trouble; the reconciler tries again.
 */
export async function syncOrder(ctx: ServiceContext, orderId: string): Promise<orders.OrderRow | undefined> {
  const client = ctx.payments.client;
  let order = await orders.findOrderById(ctx.db, orderId);
  if (!order || !client) return order;

  for (let round = 0; round < MAX_ROUNDS; round++) {
    let events: PaymentEvent[];
    try {
      events = await client.getEvents(order.reference);
    } catch (error) {
      if (isNotFound(error)) return handleMissingPayment(ctx, order);
      throw error;
    }
    // Vipps' log repeats every event: only those not stored yet are applied (a stored one was applied when stored).
    const known = await orders.eventKeys(ctx.db, order.id);
    for (const event of events) if (!known.has(orders.eventKey(event))) await applyPaymentEvent(ctx, order, event);
    order = (await orders.findOrderById(ctx.db, orderId))!;
    const status = order.status as OrderStatus;

    if (status === 'created') {
      if (!order.redirectUrl) {
        // Created at Vipps, but the process stopped before storing the URL: keep it for a double click.
        const payment = await client.getPayment(order.reference);
        if (payment.redirectUrl) await orders.setRedirectUrl(ctx.db, order.id, payment.redirectUrl);
      }
      const holdLive = !!order.holdExpiresAt && order.holdExpiresAt.getTime() > ctx.clock.now().getTime();
      if (holdLive) {
        await orders.setSyncAfter(ctx.db, order.id, system.dbNowPlus(POLL_MS), 'created');
        return orders.findOrderById(ctx.db, orderId);
      }
      // The hold expired while Vipps still waits for the customer: end it here first, then at Vipps. If an event
      // moved the order meanwhile (the update finds it no longer 'created'), the next round reads that instead.
      if (await orders.terminateCreated(ctx.db, order.id, { syncAfter: system.dbNowPlus(SETTLE_RETRY_MS), lapsed: true })) {
        ctx.log.info({ orderId: order.id }, 'hold expired: payment terminated');
        await runModification(ctx, order, { action: 'cancel', amountOre: order.amountOre });
      }
      continue;
    }

    const payment = await client.getPayment(order.reference);
    if (isEnrolledStatus(status) && !paymentCoversOrder(payment, order)) {
      await raiseIncident(ctx, ctx.db, order, 'vipps-state', `${payment.state} ${payment.aggregate.authorizedAmount.value} ${payment.amount.currency}`);
    }
    let settlement: Settlement = settlementFor(status, amountsOf(payment));
    // An order that ended here while Vipps still waits for the customer: stop the payment there too.
    if (!settlement && status !== 'captured' && status !== 'refunded' && payment.state === 'CREATED') {
      settlement = { action: 'cancel', amountOre: order.amountOre };
    }
    if (!settlement) {
      await orders.setSyncAfter(ctx.db, order.id, null, status);
      return orders.findOrderById(ctx.db, orderId);
    }
    await runModification(ctx, order, settlement);
  }
  await orders.setSyncAfter(ctx.db, orderId, system.dbNowPlus(SETTLE_RETRY_MS));
  return orders.findOrderById(ctx.db, orderId);
}

async function runModification(ctx: ServiceContext, order: orders.OrderRow, settlement: NonNullable<Settlement>): Promise<void> {
  const client = ctx.payments.client!;
  try {
    if (settlement.action === 'capture') {
      await client.capture(order.reference, settlement.amountOre, idempotencyKey('capture', order.id));
    } else if (settlement.action === 'cancel') {
      await client.cancel(order.reference, idempotencyKey('cancel', order.id));
    } else {
      await client.refund(order.reference, settlement.amountOre, idempotencyKey('refund', order.id));
    }
    ctx.log.info({ orderId: order.id, action: settlement.action }, 'vipps payment updated');
  } catch (error) {
    if (!isStateConflict(error)) throw error;
    ctx.log.info({ orderId: order.id, action: settlement.action, err: error }, 'vipps modification not applicable; re-reading');
  }
}

/** Vipps does not know the reference: createPayment never happened (or was refused). */
async function handleMissingPayment(ctx: ServiceContext, order: orders.OrderRow): Promise<orders.OrderRow | undefined> {
  if (order.status !== 'created') {
    await orders.setSyncAfter(ctx.db, order.id, null, order.status);
    return orders.findOrderById(ctx.db, order.id);
  }
  const now = ctx.clock.now().getTime();
  const age = now - order.createdAt.getTime();
  const holdExpired = !order.holdExpiresAt || order.holdExpiresAt.getTime() <= now;
  if ((!order.redirectUrl && age > NO_PAYMENT_GRACE_MS) || holdExpired) {
    // Nobody holds a redirect URL for it: release the place (the parent may simply book again).
    if (await orders.terminateCreated(ctx.db, order.id)) {
      ctx.log.warn({ orderId: order.id }, 'payment never reached Vipps: order terminated, hold released');
    }
  } else {
    await orders.setSyncAfter(ctx.db, order.id, system.dbNowPlus(POLL_MS), 'created');
  }
  return orders.findOrderById(ctx.db, order.id);
}

/**
 * An order paid by credit alone (the Vipps part would be below 1 kr): enrolled, credit taken, confirmation queued and
 * 'captured' in one transaction. Answers the payment status page's address, where the browser goes instead of Vipps.
 */
export async function payByCredit(ctx: ServiceContext, order: { id: string; reference: string }): Promise<string> {
  const done = await withTx(ctx, async (ctx) => {
    const locked = await orders.lockOrder(ctx.db, order.id);
    if (!locked) return false;
    if (locked.status !== 'created') return locked.status === 'captured';
    if (!(await enrol(ctx.db, locked))) {
      await orders.updateOrderState(ctx.db, locked.id, { status: 'cancelled', syncAfter: null });
      return false;
    }
    await consumeCredit(ctx.db, locked, ctx.clock.now());
    await queueConfirmation(ctx.db, ctx, locked);
    // A free course (0 kr) has nothing to receipt.
    if (locked.creditOre > 0) await queuePaymentReceipt(ctx.db, ctx, locked, null);
    await orders.updateOrderState(ctx.db, locked.id, { status: 'captured', syncAfter: null });
    ctx.log.info({ orderId: locked.id, creditOre: locked.creditOre }, 'order paid by credit');
    return true;
  });
  if (!done) throw new AppError('COURSE_FULL', 'Course is full');
  return `${ctx.env.PUBLIC_URL.replace(/\/+$/, '')}/vipps/payment/${order.reference}`;
}

// ---- a payment start: the order that holds the place, then the payment at Vipps -----------------------------------

/** paymentDescription: 3–100 characters, shown in the Vipps app and on settlements. */
export function paymentDescription(course: orders.OrderAdditionalInfo['course']): string {
  const text = [course?.name?.trim() || 'Svømmekurs', course?.place?.trim()].filter(Boolean).join(', ');
  return (text.length >= 3 ? text : `${text} kurs`).slice(0, 100);
}

/** `created` false: the child's existing live hold (a double click). */
export type Reservation = { order: orders.OrderRow; created: boolean };

/**
 * The order a payment start makes once checkBooking said yes, inserted by holdSeat (the course lock, the count again,
 * the hold): its price counted under the family's lock (discounts, then credit, Vipps the rest; decision 058). Vipps is
 * not called here (convention 9).
 */
export async function placeOrder(ctx: ServiceContext, check: BookingCheck, user: users.UserRow, discountCode?: string): Promise<Reservation> {
  const { db } = ctx;
  const { course, child, state, booking } = check;
  const now = ctx.clock.now();
  const rules = await priceRules(ctx, course.dates[0]);
  const id = orders.newOrderId();
  const additionalInfo = orders.orderAdditionalInfo({ profileId: child.profileId, user, child, course: { id: course.id, name: courseDisplayName(course), placeName: course.placeName } });
  const values = {
    id,
    reference: orders.orderReference(id),
    humanReference: orders.humanReference(),
    provider: 'vipps',
    status: 'created',
    coveredDates: booking.remainingDates,
    userId: user.id,
    childId: child.id,
    courseId: course.id,
    profileId: child.profileId,
    additionalInfo,
    siblingDiscountVersion: rules.siblingVersion,
  };
  const holdMs = ctx.payments.options.holdMinutes * 60_000;

  // A full course answers 'full' at once, without queueing for the course lock (decision 017); counted again under it.
  if (state.taken >= course.maximumParticipants) throw new AppError('COURSE_FULL', 'Course is full');
  // Starting the payment accepts the terms ('Ved å bestille kurs aksepterer du …'): the order keeps the version.
  const termsVersion = content.currentTermsVersionSql();

  return holdSeat(db, course, child.id, async (tx, seat) => {
    // A parallel request for the same child may have got there first: its hold is the answer.
    const raced = seat.ownHoldId ? await orders.findOrderById(tx, seat.ownHoldId) : undefined;
    if (raced) return { order: raced, created: false };
    if (seat.free <= 0) throw new AppError('COURSE_FULL', 'Course is full');
    // The list price is the amount shown on the course row and in the booking modal: the same rule, the same clock.
    const code = discountCode ? { text: discountCode, course } : undefined;
    const price = await lockedPrice(tx, rules, { profileId: child.profileId, childId: child.id, listOre: booking.priceOre, now, code });
    const order = { ...values, amountOre: price.vippsOre, creditOre: price.creditOre, discounts: price.lines, discountCodeId: price.discountCodeId, termsVersion };
    return { order: await orders.insertOrder(tx, order, holdMs, POLL_MS), created: true };
  });
}

/**
 * After the commit: createPayment at Vipps with an Idempotency-Key derived from the order id (a retry, a double click
 * or the reconciler reuses it). A failure ends the order this request created, releasing the hold.
 */
export async function createVippsPayment(ctx: ServiceContext, reservation: Reservation, returnPath = `/vipps/payment/${reservation.order.reference}`): Promise<string> {
  const { order } = reservation;
  const client = ctx.payments.client;
  if (!client) throw new AppError('PAYMENT_PROVIDER', 'Payments are not available');
  const info = order.additionalInfo as orders.OrderAdditionalInfo;
  try {
    const created = await client.createPayment({
      reference: order.reference,
      amountOre: order.amountOre,
      description: info.giftCard ? 'Gavekort' : paymentDescription(info.course),
      returnUrl: `${ctx.env.PUBLIC_URL.replace(/\/+$/, '')}${returnPath}`,
      idempotencyKey: idempotencyKey('create', order.id),
    });
    if (!(await orders.setRedirectUrl(ctx.db, order.id, created.redirectUrl))) {
      // The order ended meanwhile (the reconciler gave up on it): do not send the parent to pay for nothing.
      await client.cancel(order.reference, idempotencyKey('cancel', order.id)).catch(() => undefined);
      throw new AppError('PAYMENT_PROVIDER', 'The payment could not be started');
    }
    return created.redirectUrl;
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.log.warn({ err: error, orderId: order.id }, 'vipps createPayment failed');
    if (error instanceof VippsError && error.retryable) {
      // Vipps slow or down (decision 044): the place stays held and 'Bestill' may be pressed again (same order, same
      // Idempotency-Key). The reconciler looks at the order when the hold ends, cancelling what a timed-out call made.
      const held = await orders.deferSyncToHoldEnd(ctx.db, order.id);
      const minutesLeft = held?.holdExpiresAt ? Math.max(1, Math.ceil((held.holdExpiresAt.getTime() - ctx.clock.now().getTime()) / 60_000)) : null;
      if (minutesLeft !== null) {
        throw new AppError('PAYMENT_PROVIDER', 'Vipps is not answering; the place stays held', { heldMinutes: minutesLeft });
      }
    } else if (reservation.created) {
      await orders.terminateCreated(ctx.db, order.id, { syncAfter: null });
    }
    throw new AppError('PAYMENT_PROVIDER', 'Vipps could not start the payment');
  }
}

/**
 * GET /vipps/payment/:paymentId: the order's outcome for its buyer, the family's other guardians or an admin (others
 * get 404). While Vipps work is pending it first syncs with Vipps, so the page shows the truth even without webhooks.
 */
export async function paymentStatus(ctx: ServiceContext, reference: string): Promise<PaymentStatus> {
  const found = await orders.findOrderByReference(ctx.db, reference);
  if (!found || !(await can(ctx, 'order.read', found.id))) throw new AppError('NOT_FOUND', 'Payment not found');
  const order = await syncedForStatus(ctx, found);
  const status = order.status as OrderStatus;
  const info = order.additionalInfo as orders.OrderAdditionalInfo;
  const course = order.courseId ? await courses.findCourseDetails(ctx.db, order.courseId) : undefined;
  const child = order.childId ? await profiles.findChild(ctx.db, order.childId) : undefined;
  return {
    paymentId: order.reference,
    state: status.toUpperCase(),
    status,
    label: paymentStatusLabel(status, ctx.env.site.companyName),
    enrolled: await courses.isEnrolledByOrder(ctx.db, order.id),
    order: {
      reference: order.reference,
      humanReference: order.humanReference,
      amount: oreToKr(order.amountOre),
      discounts: order.discounts,
      createdAt: order.createdAt.toISOString(),
      course: course
        ? {
            _id: course.id,
            name: course.name,
            place: course.placeName,
            // What this order pays for: the remaining dates of a late booking, else the whole course.
            dates: (order.coveredDates?.length ? order.coveredDates : course.dates).map((d) => toIso(d)),
            timeFrom: course.timeFrom,
            timeTo: course.timeTo,
          }
        : info.course
          ? { _id: info.course._id, name: info.course.name, place: info.course.place ?? '', dates: [], timeFrom: '', timeTo: '' }
          : null,
      child: child ? { firstName: child.firstName, lastName: child.lastName } : (info.child ? { firstName: info.child.firstName, lastName: info.child.lastName } : null),
      termsVersion: order.termsVersion,
    },
  };
}

/** A status page's read: the order after a sync with Vipps while work is pending (a failed sync: what is known). */
export async function syncedForStatus(ctx: ServiceContext, order: orders.OrderRow): Promise<orders.OrderRow> {
  if (order.syncAfter === null || !ctx.payments.client) return order;
  try {
    return (await syncOrder(ctx, order.id)) ?? order;
  } catch (error) {
    // Vipps or the database is slow: show what is known; the next poll or the reconciler catches up.
    ctx.log.warn({ err: error, orderId: order.id }, 'payment status: sync with Vipps failed');
    return (await orders.findOrderById(ctx.db, order.id)) ?? order;
  }
}

// ---- the order's state machine ---------------------------------------------------------------------------------------

/**
 * The order's state machine, driven by Vipps events. Monotonic: a duplicate, late or out-of-order event is a no-op.
 *
 *   created ──► authorized ──► captured ──► refunded
 *      │            └──► cancelled
 *      └──► aborted | expired | terminated | cancelled (and straight to captured/refunded when events overtake)
 */
const FORWARD: Record<OrderStatus, readonly OrderStatus[]> = {
  created: ['authorized', 'captured', 'refunded', 'cancelled', 'aborted', 'expired', 'terminated'],
  authorized: ['captured', 'refunded', 'cancelled'],
  captured: ['refunded'],
  refunded: [],
  cancelled: [],
  aborted: [],
  expired: [],
  terminated: [],
};

export const STATUS_OF_EVENT: Record<OrderEventName, OrderStatus> = {
  CREATED: 'created',
  AUTHORIZED: 'authorized',
  CAPTURED: 'captured',
  REFUNDED: 'refunded',
  CANCELLED: 'cancelled',
  ABORTED: 'aborted',
  EXPIRED: 'expired',
  TERMINATED: 'terminated',
};

/** The status an event moves the order to, or null when it changes nothing (duplicate, older, or after the end). */
export function nextStatus(current: OrderStatus, event: OrderEventName): OrderStatus | null {
  const target = STATUS_OF_EVENT[event];
  return FORWARD[current].includes(target) ? target : null;
}

/** Ended without the customer paying: no place, no money should stay reserved. */
export const isDeadStatus = (status: OrderStatus): boolean =>
  status === 'aborted' || status === 'expired' || status === 'terminated';

type Settlement = { action: 'capture' | 'cancel' | 'refund'; amountOre: number } | null;

/**
 * What is left to do at Vipps, from the order's status and Vipps' aggregate (øre): capture what an authorized order
 * reserved (decision 003); on a cancelled or dead order release reserved money, refund captured money (a portal
 * capture, CAPTURED overtaking a full course). 'created' is the caller's (hold expiry); captured/refunded need nothing.
 */
export function settlementFor(status: OrderStatus, amounts: Record<'authorized' | 'captured' | 'cancelled' | 'refunded', number>): Settlement {
  const reserved = amounts.authorized - amounts.captured - amounts.cancelled;
  const capturedNet = amounts.captured - amounts.refunded;
  if (status === 'authorized') return reserved > 0 ? { action: 'capture', amountOre: reserved } : null;
  if (status === 'cancelled' || isDeadStatus(status)) {
    if (reserved > 0) return { action: 'cancel', amountOre: reserved };
    if (capturedNet > 0) return { action: 'refund', amountOre: capturedNet };
  }
  return null;
}
