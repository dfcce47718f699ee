import {
  osloDayStart,
  searchTerm,
  sumOre,
  type AdminOrder,
  type Cancellation,
  type CancelInput,
  type OrderStatus,
  type OrdersPage,
  type OrdersQuery,
  type RefundInput,
  type Ore,
} from '@app/shared';
import { requireAccess } from '../../access/access';
import { withTx, type ServiceContext } from '../../context';
import { enqueueEmail } from '../../integrations/email';
import { VippsApiError, type ModificationResponse, type PaymentEvent } from '../../integrations/vipps/epayment';
import { familyLapses } from '../../domain/enrolment/seats';
import { AppError } from '../../lib/app-error';
import * as cancellations from '../../repos/cancellations.repo';
import * as courses from '../../repos/courses.repo';
import * as giftCards from '../../repos/gift-cards.repo';
import * as repo from '../../repos/orders.repo';
import type { OrderAdditionalInfo } from '../../repos/orders.repo';
import * as users from '../../repos/users.repo';
import { applyAnswer, modificationKey, providerTrouble } from '../../domain/family-ledger/modifications';
import { applyPaymentEvent } from '../../domain/family-ledger/payment-events';
import { refundReceiptAttachment } from '../../domain/family-ledger/emails';
import * as changes from '../../repos/changes.repo';
import { moneyBackEmail } from './refund-email';

/**
 * The back office's orders (spec §2, §7 GET /payments), refunds and cancellations. Vipps decides: its answer and its
 * webhook both feed applyPaymentEvent() (each event stored once, the parent told once); the child leaves the course
 * only when the admin says so.
 */

const EMPTY_INFO: OrderAdditionalInfo = { profile: null, user: null, child: null, course: null };

type OrderMove = { fromCourseId: string; toCourseId: string; at: string };
const movesOf = (order: repo.OrderRow): OrderMove[] => ((order.additionalInfo as { moves?: OrderMove[] } | null)?.moves ?? []);

/** The names of the courses the orders' moves name, in one query. */
async function movedCourseNames(ctx: ServiceContext, list: readonly repo.OrderRow[]): Promise<Map<string, string>> {
  const ids = list.flatMap((o) => movesOf(o).flatMap((m) => [m.fromCourseId, m.toCourseId]));
  const found = await courses.findCoursesDetails(ctx.db, ids);
  return new Map([...found].map(([id, c]) => [id, c.name]));
}

/** A parent's cancellation as the API shows it. */
export const toCancellation = (row: cancellations.CancellationRow): Cancellation => ({
  _id: row.id,
  orderId: row.orderId,
  status: row.status as Cancellation['status'],
  outcome: row.outcome as Cancellation['outcome'],
  refundAmount: row.refundOre,
  creditAmount: row.creditOre,
  feeAmount: row.feeOre,
  adminMessage: row.adminMessage,
  createdAt: row.createdAt.toISOString(),
});

/** Orders as the back office shows them: their events, open incident, family lapses, cancellation and moves, one query each. */
async function toAdminOrders(ctx: ServiceContext, rows: readonly { order: repo.OrderRow; enrolled: boolean }[]): Promise<AdminOrder[]> {
  const ids = rows.map((r) => r.order.id);
  const allEvents = await repo.eventsOfOrders(ctx.db, ids);
  const incidents = await repo.openIncidentsOfOrders(ctx.db, ids);
  const lapses = await familyLapses(ctx.db, rows.flatMap((r) => (r.order.profileId ? [r.order.profileId] : [])), ctx.clock.now());
  const cancelled = await cancellations.cancellationsOfOrders(ctx.db, ids);
  const courseNames = await movedCourseNames(ctx, rows.map((r) => r.order));
  return rows.map(({ order, enrolled }) => {
    const events = allEvents.filter((e) => e.orderId === order.id);
    const sum = (name: string) => sumOre(events.filter((e) => e.success === 'true' && e.name === name).map((e) => e.amountOre));
    const info = { ...EMPTY_INFO, ...(order.additionalInfo as Partial<OrderAdditionalInfo>) };
    const incident = incidents.find((i) => i.orderId === order.id);
    const familyLapsesOf = order.profileId ? lapses.get(order.profileId) : undefined;
    const cancellation = cancelled.find((c) => c.orderId === order.id);
    return {
      _id: order.id,
      status: order.status as OrderStatus,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      provider: order.provider,
      reference: order.reference,
      humanReference: order.humanReference,
      amount: order.amountOre,
      capturedAmount: sum('CAPTURED'),
      refundedAmount: sum('REFUNDED'),
      discounts: order.discounts,
      additionalInfo: {
        profile: info.profile,
        user: info.user,
        child: info.child,
        course: info.course ? { _id: info.course._id, name: info.course.name, place: info.course.place ?? null } : null,
      },
      enrolled,
      moves: movesOf(order).map((m) => ({ from: courseNames.get(m.fromCourseId) ?? 'Slettet kurs', to: courseNames.get(m.toCourseId) ?? 'Slettet kurs', at: m.at })),
      events: events.map((e) => ({
        name: e.name,
        pspReference: e.pspReference,
        amount: { value: e.amountOre, currency: e.currency },
        timestamp: e.timestamp.toISOString(),
        success: e.success === 'true',
      })),
      incident: incident ? { _id: incident.id, reason: incident.reason, vippsState: incident.vippsState, createdAt: incident.createdAt.toISOString() } : null,
      ...(familyLapsesOf ? { familyLapses: familyLapsesOf } : {}),
      cancellation: cancellation ? toCancellation(cancellation) : null,
    };
  });
}

/** GET /payments: newest first, paged, filtered by status and by Oslo calendar days. */
export async function listOrders(ctx: ServiceContext, query: OrdersQuery): Promise<OrdersPage> {
  const { total, rows } = await repo.listOrders(
    ctx.db,
    {
      status: query.status,
      from: query.from ? osloDayStart(query.from) : undefined,
      to: query.to ? osloDayStart(query.to, 1) : undefined,
      search: query.q ? { text: query.q, folded: searchTerm(query.q) } : undefined,
      openIncident: query.incident === 'open',
    },
    query.limit,
    (query.page - 1) * query.limit,
  );
  return { total, page: query.page, limit: query.limit, orders: await toAdminOrders(ctx, rows) };
}

async function loadAdminOrder(ctx: ServiceContext, orderId: string): Promise<AdminOrder> {
  const row = await repo.findOrderWithEnrolment(ctx.db, orderId);
  if (!row) throw new AppError('NOT_FOUND', 'Order not found');
  return (await toAdminOrders(ctx, [row]))[0]!;
}

/** Reads Vipps' event log and applies every event (so the order is current); returns the log. */
export async function syncEvents(ctx: ServiceContext, order: repo.OrderRow): Promise<PaymentEvent[]> {
  const client = ctx.payments.client;
  if (!client) throw new AppError('PAYMENT_PROVIDER', 'Vipps is not configured');
  let events: PaymentEvent[];
  try {
    events = await client.getEvents(order.reference);
  } catch (error) {
    if (error instanceof VippsApiError && error.status === 404) {
      throw new AppError(order.status === 'authorized' ? 'ORDER_NOT_CANCELLABLE' : 'ORDER_NOT_REFUNDABLE', 'Vipps does not know this payment');
    }
    return providerTrouble(error);
  }
  for (const event of events) await applyPaymentEvent(ctx, order, event);
  return events;
}

/** Takes the child off the course, when the admin chose so; then tells the parent, once per Vipps event. */
async function finish(
  ctx: ServiceContext,
  order: repo.OrderRow,
  done: { kind: 'refund' | 'cancel'; event: { name: string; pspReference: string; amountOre: Ore } },
  removeFromCourse: boolean,
): Promise<AdminOrder> {
  const info = { ...EMPTY_INFO, ...(order.additionalInfo as Partial<OrderAdditionalInfo>) };
  await withTx(ctx, async (ctx) => {
    const removed = removeFromCourse && order.courseId && order.childId ? await courses.deleteParticipant(ctx.db, order.courseId, order.childId) : false;
    if (removed) {
      // The place is given up: the open choices of its cancelled dates close (the admin's refund settled them).
      await changes.closeOpenChoicesOfOrder(ctx.db, order.id, ctx.clock.now());
      ctx.log.info({ orderId: order.id, courseId: order.courseId }, 'child taken off the course by an admin');
    }
    if (!(await repo.claimEventNotification(ctx.db, order.id, done.event.name, done.event.pspReference))) return;
    const guardian = order.userId ? await users.findUserById(ctx.db, order.userId) : undefined;
    if (!guardian?.email) {
      ctx.log.warn({ orderId: order.id }, `${done.kind} e-mail not sent: no e-mail address`);
      return;
    }
    // Every refund gets its receipt, the admin's too.
    const receipts = done.kind === 'refund' ? await refundReceiptAttachment(ctx, order, done.event.pspReference) : [];
    const email = moneyBackEmail({
      to: guardian.email,
      companyName: ctx.env.site.companyName,
      guardian,
      child: info.child,
      courseName: info.course?.name?.trim() || null,
      order,
      kind: done.kind,
      amountOre: done.event.amountOre,
      removedFromCourse: removeFromCourse,
    });
    await enqueueEmail(ctx.db, receipts.length ? { ...email, attachments: receipts } : email);
  });
  return loadAdminOrder(ctx, order.id);
}

/** A refund of a captured order, full or partial, never more than captured and not yet refunded. */
export async function refundOrder(ctx: ServiceContext, orderId: string, input: RefundInput): Promise<AdminOrder> {
  await requireAccess(ctx, 'order.refund', orderId);
  const order = await repo.findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (order.status !== 'captured' && order.status !== 'refunded') throw new AppError('ORDER_NOT_REFUNDABLE', `Order is ${order.status}`);
  // A gift card's value lives on as the family's credit once redeemed: the buyer cannot also have the money back.
  if ((await giftCards.lockGiftCardOfOrder(ctx.db, order.id))?.redeemedAt) throw new AppError('GIFT_CARD_USED', 'The gift card was redeemed already');
  const key = modificationKey('refund', order.id, input.idempotencyKey);
  const client = ctx.payments.client!;

  /** A repeated click whose twin got there first: Vipps has an event with our key already. */
  const replayed = async () => {
    const earlier = (await syncEvents(ctx, order)).find((e) => e.idempotencyKey === key && e.name === 'REFUNDED' && e.success);
    if (earlier && earlier.amount.value !== input.amount) throw new AppError('CONFLICT', 'The same click was sent with another amount');
    const event = earlier && { name: 'REFUNDED', pspReference: earlier.pspReference, amountOre: earlier.amount.value };
    return event ? finish(ctx, order, { kind: 'refund', event }, input.removeFromCourse) : null;
  };
  const done = await replayed();
  if (done) return done;

  let answer: ModificationResponse;
  try {
    const payment = await client.getPayment(order.reference);
    const refundable = payment.aggregate.capturedAmount.value - payment.aggregate.refundedAmount.value;
    if (input.amount > refundable) {
      const twin = await replayed();
      if (twin) return twin;
      throw new AppError('REFUND_TOO_LARGE', `At most ${refundable} øre can be refunded`);
    }
    answer = await client.refund(order.reference, input.amount, key);
  } catch (error) {
    if (error instanceof VippsApiError && error.status === 409) throw new AppError('CONFLICT', 'The same click was sent with another amount');
    if (error instanceof VippsApiError && error.status === 400) throw new AppError('REFUND_TOO_LARGE', error.message);
    return providerTrouble(error);
  }
  await applyAnswer(ctx, order, 'REFUNDED', answer, input.amount);
  ctx.log.info({ orderId: order.id, amountOre: input.amount }, 'order refunded by an admin');
  return finish(ctx, order, { kind: 'refund', event: { name: 'REFUNDED', pspReference: answer.pspReference, amountOre: input.amount } }, input.removeFromCourse);
}

/** Releases the reservation of an authorised (not captured) order. */
export async function cancelOrder(ctx: ServiceContext, orderId: string, input: CancelInput): Promise<AdminOrder> {
  await requireAccess(ctx, 'order.refund', orderId);
  const order = await repo.findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  const key = modificationKey('cancel', order.id, input.idempotencyKey);
  if (order.status !== 'authorized' && order.status !== 'cancelled') throw new AppError('ORDER_NOT_CANCELLABLE', `Order is ${order.status}`);

  const replayed = async () => {
    const earlier = (await syncEvents(ctx, order)).find((e) => e.idempotencyKey === key && e.name === 'CANCELLED' && e.success);
    const event = earlier && { name: 'CANCELLED', pspReference: earlier.pspReference, amountOre: earlier.amount.value };
    return event ? finish(ctx, order, { kind: 'cancel', event }, input.removeFromCourse) : null;
  };
  const done = await replayed();
  if (done) return done;
  const current = await repo.findOrderById(ctx.db, order.id);
  if (current?.status !== 'authorized') {
    const twin = await replayed();
    if (twin) return twin;
    throw new AppError('ORDER_NOT_CANCELLABLE', `Order is ${current?.status}`);
  }

  let answer: ModificationResponse;
  try {
    answer = await ctx.payments.client!.cancel(order.reference, key);
  } catch (error) {
    if (error instanceof VippsApiError && (error.status === 400 || error.status === 409)) throw new AppError('ORDER_NOT_CANCELLABLE', error.message);
    return providerTrouble(error);
  }
  const released = answer.aggregate.cancelledAmount.value;
  await applyAnswer(ctx, order, 'CANCELLED', answer, released);
  ctx.log.info({ orderId: order.id }, 'order cancelled by an admin');
  return finish(ctx, order, { kind: 'cancel', event: { name: 'CANCELLED', pspReference: answer.pspReference, amountOre: released } }, input.removeFromCourse);
}
