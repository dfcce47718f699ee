import {
  cancellationOutcome,
  fullName,
  type Cancellation,
  type CancellationDecision,
  type CancellationInput,
  type CancellationPreview,
  type FamilyPayment,
} from '@app/shared';
import { requireAccess } from '../../access/access';
import { withTx, type ServiceContext } from '../../context';
import { enqueueEmail, type EmailAttachment } from '../../integrations/email';
import { VippsApiError, type ModificationResponse } from '../../integrations/vipps/epayment';
import { AppError } from '../../plugins/errors';
import * as cancellations from '../../repos/cancellations.repo';
import * as courses from '../../repos/courses.repo';
import * as repo from '../../repos/orders.repo';
import * as profiles from '../../repos/profiles.repo';
import * as users from '../../repos/users.repo';
import { applyAnswer, modificationKey, providerTrouble } from '../../orders/modifications';
import { RECEIPT_EVENTS, receiptOfEvent } from '../../orders/receipt';
import type { OrderAdditionalInfo } from '../../repos/orders.repo';
import { syncEvents, toCancellation } from './orders.service';
import { cancellationEmail, type CancellationEmailKind } from './refund-email';

/**
 * A parent cancels a child's place ('Meld av kurset', issue 40) under the cancellation rules version the order was
 * bought under. One cancellation per order (a unique row): a double click or a retried request finds the row the
 * first wrote, and its refund goes to Vipps with one Idempotency-Key (derived from that row), so Vipps refunds once.
 * The place frees up at once (the child leaves the course); the waitlist job offers it to the next child waiting.
 */

type Loaded = { order: repo.OrderRow; paidOre: number; coveredDates: Date[]; enrolled: boolean };

async function load(ctx: ServiceContext, orderId: string): Promise<Loaded> {
  const row = await repo.findOrderWithEnrolment(ctx.db, orderId);
  if (!row) throw new AppError('NOT_FOUND', 'Order not found');
  const events = (await repo.eventsOfOrders(ctx.db, [orderId])).filter((e) => e.success === 'true');
  const sum = (name: string) => events.filter((e) => e.name === name).reduce((total, e) => total + e.amountOre, 0);
  const course = row.order.courseId ? await courses.findCourseDetails(ctx.db, row.order.courseId) : undefined;
  const coveredDates = (row.order.coveredDates ?? course?.dates ?? []).map((d) => new Date(d));
  return { order: row.order, paidOre: sum('CAPTURED') - sum('REFUNDED'), coveredDates, enrolled: row.enrolled };
}

async function preview(ctx: ServiceContext, loaded: Loaded): Promise<CancellationPreview> {
  const rules = await cancellations.rulesOfVersion(ctx.db, loaded.order.cancellationRulesVersion);
  if (!rules) throw new AppError('NOT_FOUND', 'Cancellation rules not found');
  const outcome = cancellationOutcome(rules.rules, { paidOre: loaded.paidOre, coveredDates: loaded.coveredDates }, ctx.clock.now());
  return {
    orderId: loaded.order.id,
    rulesVersion: rules.version,
    outcome: outcome.kind,
    paidAmount: loaded.paidOre,
    refundAmount: outcome.refundOre,
    feeAmount: outcome.feeOre,
    lastFullRefundDay: outcome.lastFullRefundDay,
    reason: outcome.reason,
    rules: rules.rules,
  };
}


function requireCancellable(loaded: Loaded): void {
  if (loaded.order.status !== 'captured') throw new AppError('ORDER_NOT_REFUNDABLE', `Order is ${loaded.order.status}`);
  if (!loaded.enrolled) throw new AppError('ORDER_NOT_REFUNDABLE', 'The child is no longer on the course');
}

/** GET: what the parent would get back now, and why. */
export async function cancellationPreview(ctx: ServiceContext, orderId: string): Promise<CancellationPreview> {
  await requireAccess(ctx, 'order.family', orderId);
  const loaded = await load(ctx, orderId);
  requireCancellable(loaded);
  return preview(ctx, loaded);
}

/**
 * Tells the family by e-mail (the outbox), in the transaction that moved the cancellation: every current guardian
 * (issue 52), not only the one who cancelled. An order whose family is gone: its buyer, if still a user.
 */
async function mail(
  ctx: ServiceContext,
  order: repo.OrderRow,
  kind: CancellationEmailKind,
  amountOre: number,
  message: string | null = null,
  attachment?: EmailAttachment,
) {
  const guardianIds = order.profileId ? await profiles.guardianIds(ctx.db, order.profileId) : [];
  const recipients = (await users.findUsers(ctx.db, guardianIds.length > 0 ? guardianIds : order.userId ? [order.userId] : [])).filter((g) => g.email);
  if (recipients.length === 0) {
    ctx.log.warn({ orderId: order.id }, 'cancellation e-mail not sent: no e-mail address');
    return;
  }
  const info = order.additionalInfo as Partial<OrderAdditionalInfo>;
  for (const guardian of recipients) {
    const email = cancellationEmail({
      to: guardian.email!,
      companyName: ctx.env.site.companyName,
      guardian,
      childName: info.child ? fullName(info.child) : null,
      courseName: info.course?.name?.trim() || null,
      order,
      kind,
      amountOre,
      message,
    });
    await enqueueEmail(ctx.db, attachment ? { ...email, attachments: [attachment] } : email);
  }
}

/** The refund's receipt as an e-mail attachment (the stored REFUNDED event of this pspReference). */
async function refundReceipt(ctx: ServiceContext, order: repo.OrderRow, pspReference: string): Promise<EmailAttachment | undefined> {
  const event = (await repo.eventsOfOrders(ctx.db, [order.id])).find((e) => e.name === 'REFUNDED' && e.pspReference === pspReference);
  if (!event) return undefined;
  const file = await receiptOfEvent(ctx, order, event);
  return { filename: file.filename, contentType: 'application/pdf', content: Buffer.from(file.pdf).toString('base64'), encoding: 'base64' };
}

/**
 * Sends the refund of a 'refunding' cancellation to Vipps, with the key of this cancellation (a retry replays the
 * first answer), stores Vipps' event and marks the cancellation refunded. A failure leaves it 'refunding': the
 * parent's retry, or the reconciliation view, finishes it.
 */
export async function finishRefund(ctx: ServiceContext, order: repo.OrderRow, row: cancellations.CancellationRow): Promise<cancellations.CancellationRow> {
  const amountOre = row.refundOre ?? 0;
  const key = modificationKey('parentRefund', order.id, row.id);
  const client = ctx.payments.client;
  if (!client) throw new AppError('PAYMENT_PROVIDER', 'Vipps is not configured');
  let answer: Pick<ModificationResponse, 'pspReference'>;
  try {
    answer = await client.refund(order.reference, amountOre, key);
  } catch (error) {
    // Vipps refused the key as used with another amount: read its log for the refund this key made.
    const earlier = error instanceof VippsApiError && error.status === 409 ? (await syncEvents(ctx, order)).find((e) => e.idempotencyKey === key && e.name === 'REFUNDED' && e.success) : undefined;
    if (!earlier) return providerTrouble(error);
    answer = earlier;
  }
  await applyAnswer(ctx, order, 'REFUNDED', answer, amountOre);
  return withTx(ctx, async (ctx) => {
    const done = await cancellations.updateCancellation(ctx.db, row.id, ['refunding'], { status: 'refunded', pspReference: answer.pspReference });
    if (!done) return (await cancellations.findCancellationOfOrder(ctx.db, order.id))!;
    if (await repo.claimEventNotification(ctx.db, order.id, 'REFUNDED', answer.pspReference)) {
      await mail(ctx, order, 'refunded', amountOre, null, await refundReceipt(ctx, order, answer.pspReference));
    }
    ctx.log.info({ orderId: order.id, amountOre }, 'order refunded: the parent cancelled');
    return done;
  });
}

/**
 * POST: the parent confirms with the amount the preview showed (CONFLICT when the rules give another now). The child
 * leaves the course and the cancellation row is written in one transaction; then the refund goes to Vipps at once.
 * 'Etter avtale': a request for the admin; the child stays until the admin decides.
 */
export async function cancelPlace(ctx: ServiceContext, orderId: string, input: CancellationInput): Promise<Cancellation> {
  await requireAccess(ctx, 'order.family', orderId);
  const loaded = await load(ctx, orderId);
  const existing = await cancellations.findCancellationOfOrder(ctx.db, orderId);
  if (existing) {
    // A double click or a retried request: the first one's cancellation (its refund finished if it was cut short).
    return toCancellation(existing.status === 'refunding' ? await finishRefund(ctx, loaded.order, existing) : existing);
  }
  requireCancellable(loaded);
  const shown = await preview(ctx, loaded);
  if (shown.refundAmount !== input.expectedRefund) throw new AppError('CONFLICT', 'The refund has changed since the preview');

  const status = shown.outcome === 'byAgreement' ? 'requested' : (shown.refundAmount ?? 0) > 0 ? 'refunding' : 'done';
  const { row } = await withTx(ctx, async (ctx) => {
    const result = await cancellations.insertCancellation(ctx.db, {
      orderId,
      requestedBy: ctx.viewer?.id ?? null,
      rulesVersion: shown.rulesVersion,
      outcome: shown.outcome,
      status,
      refundOre: shown.refundAmount,
      feeOre: shown.feeAmount,
    });
    if (!result.created) return result;
    if (status !== 'requested' && loaded.order.courseId && loaded.order.childId) {
      await courses.deleteParticipant(ctx.db, loaded.order.courseId, loaded.order.childId);
    }
    if (status === 'requested') await mail(ctx, loaded.order, 'requested', 0);
    if (status === 'done') await mail(ctx, loaded.order, 'noRefund', 0);
    ctx.log.info({ orderId, outcome: shown.outcome, status }, 'a parent cancelled a place');
    return result;
  });
  if (row.status === 'refunding') return toCancellation(await finishRefund(ctx, loaded.order, row));
  return toCancellation(row);
}

/** Admin: approves (refund the amount given, the child leaves the course) or declines an 'etter avtale' request. */
export async function decideCancellation(ctx: ServiceContext, orderId: string, input: CancellationDecision): Promise<Cancellation> {
  await requireAccess(ctx, 'order.refund', orderId);
  const loaded = await load(ctx, orderId);
  const request = await cancellations.findCancellationOfOrder(ctx.db, orderId);
  if (!request || request.status !== 'requested') throw new AppError('CONFLICT', 'No open cancellation request on this order');
  const refundOre = input.approve ? (input.refundAmount ?? 0) : null;
  if (refundOre !== null && refundOre > loaded.paidOre) throw new AppError('REFUND_TOO_LARGE', `At most ${loaded.paidOre} øre can be refunded`);
  const decided = { adminMessage: input.message, decidedBy: ctx.viewer?.id ?? null, decidedAt: ctx.clock.now() };
  const row = await withTx(ctx, async (ctx) => {
    const status = !input.approve ? 'declined' : refundOre ? 'refunding' : 'done';
    const moved = await cancellations.updateCancellation(ctx.db, request.id, ['requested'], { ...decided, status, refundOre });
    if (!moved) throw new AppError('CONFLICT', 'The request was decided already');
    if (input.approve && loaded.order.courseId && loaded.order.childId) await courses.deleteParticipant(ctx.db, loaded.order.courseId, loaded.order.childId);
    if (status === 'declined') await mail(ctx, loaded.order, 'declined', 0, input.message);
    if (status === 'done') await mail(ctx, loaded.order, 'noRefund', 0, input.message);
    return moved;
  });
  return toCancellation(row.status === 'refunding' ? await finishRefund(ctx, loaded.order, row) : row);
}

/** The family's paid orders for /profil, each with its cancellation (guardians and admins: profile.read). */
export async function familyPayments(ctx: ServiceContext, profileId: string): Promise<FamilyPayment[]> {
  await requireAccess(ctx, 'profile.read', profileId);
  const rows = await repo.paidOrdersOfProfile(ctx.db, profileId);
  const ids = rows.map((r) => r.order.id);
  const events = (await repo.eventsOfOrders(ctx.db, ids)).filter((e) => e.success === 'true');
  const done = await cancellations.cancellationsOfOrders(ctx.db, ids);
  return rows.map(({ order, enrolled }) => {
    const sum = (name: string) => events.filter((e) => e.orderId === order.id && e.name === name).reduce((total, e) => total + e.amountOre, 0);
    const info = order.additionalInfo as Partial<OrderAdditionalInfo>;
    const cancellation = done.find((c) => c.orderId === order.id);
    return {
      _id: order.id,
      humanReference: order.humanReference,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      courseName: info.course?.name?.trim() || null,
      childName: info.child ? fullName(info.child) : null,
      capturedAmount: sum('CAPTURED'),
      refundedAmount: sum('REFUNDED'),
      cancellable: order.status === 'captured' && enrolled && !cancellation,
      cancellation: cancellation ? toCancellation(cancellation) : null,
      receipts: events
        .filter((e) => e.orderId === order.id && RECEIPT_EVENTS[e.name])
        .map((e) => ({ eventId: e.id, kind: RECEIPT_EVENTS[e.name]!, amount: e.amountOre, at: e.timestamp.toISOString() })),
    };
  });
}
