import {
  cancellationOutcome,
  courseDisplayName,
  fullName,
  ore,
  sumOre,
  type Cancellation,
  type CancellationDecision,
  type CancellationInput,
  type CancellationPreview,
  type FamilyPayment,
  type Ore,
} from '@app/shared';
import { requireAccess } from '../../access/access';
import { withTx, type ServiceContext } from '../../context';
import { enqueueEmail, type EmailAttachment } from '../../integrations/email';
import { VippsApiError, type ModificationResponse } from '../../integrations/vipps/epayment';
import { AppError } from '../../lib/app-error';
import * as cancellations from '../../repos/cancellations.repo';
import * as changes from '../../repos/changes.repo';
import * as ledger from '../../repos/ledger.repo';
import * as courses from '../../repos/courses.repo';
import * as repo from '../../repos/orders.repo';
import * as profiles from '../../repos/profiles.repo';
import * as users from '../../repos/users.repo';
import { applyAnswer, modificationKey, providerTrouble } from '../../domain/family-ledger/modifications';
import { receiptAttachment, receiptOfCredit, refundReceiptAttachment } from '../../domain/family-ledger/emails';
import * as familyLedger from '../../domain/family-ledger/entries';
import { creditMonths, settingsOfVersion } from '../../domain/settings/settings';
import { syncEvents, toCancellation } from './orders.service';
import { cancellationEmail, type CancellationEmailKind } from './refund-email';

/**
 * A parent cancels a child's place ('Meld av kurset') under the rules version the order was bought under. One
 * cancellation per order (a unique row): a retry finds the first row, and its refund goes to Vipps with one
 * Idempotency-Key derived from that row, so Vipps refunds once. The freed place goes to the waitlist job.
 */

/** `paidOre`: what the order still holds (the ledger's answer); `givenDates`: dates a settled choice gave (not refunded again). */
type Loaded = { order: repo.OrderRow; paidOre: Ore; vippsOre: Ore; givenDates: Date[]; coveredDates: Date[]; enrolled: boolean };

async function load(ctx: ServiceContext, orderId: string): Promise<Loaded> {
  const row = await repo.findOrderWithEnrolment(ctx.db, orderId);
  if (!row) throw new AppError('NOT_FOUND', 'Order not found');
  const account = await familyLedger.accountOfOrder(ctx.db, orderId);
  const course = row.order.courseId ? await courses.findCourseDetails(ctx.db, row.order.courseId) : undefined;
  const coveredDates = (row.order.coveredDates ?? course?.dates ?? []).map((d) => new Date(d));
  const given = (await changes.choicesOfOrder(ctx.db, orderId)).filter((c) => c.choice.choice && c.choice.choice !== 'closed');
  return {
    order: row.order,
    paidOre: ore(Math.max(0, account.heldOre)),
    vippsOre: account.vippsOre,
    givenDates: given.map((c) => c.cancelled.date),
    coveredDates,
    enrolled: row.enrolled,
  };
}

/** A refund of `refundOre` split the way the order was paid: Vipps never more than Vipps still holds, the rest as credit. */
function splitRefund(loaded: Loaded, refundOre: Ore): MoneyBack {
  const vippsOre = ore(Math.min(Math.max(0, loaded.vippsOre), familyLedger.refundParts(refundOre, loaded.order).vippsOre));
  return { vippsOre, creditOre: ore(refundOre - vippsOre) };
}

async function preview(ctx: ServiceContext, loaded: Loaded): Promise<CancellationPreview> {
  // An order with no version recorded (made by the seed or a test builder) follows version 1.
  const found = await settingsOfVersion(ctx, 'cancellation', loaded.order.cancellationRulesVersion ?? 1);
  if (!found) throw new AppError('NOT_FOUND', 'Cancellation rules not found');
  const rules = { version: found.version, rules: found.value };
  const order = { paidOre: loaded.paidOre, coveredDates: loaded.coveredDates, priceOre: sumOre([loaded.order.amountOre, loaded.order.creditOre]), givenDates: loaded.givenDates };
  const outcome = cancellationOutcome(rules.rules, order, ctx.clock.now());
  return {
    orderId: loaded.order.id,
    rulesVersion: rules.version,
    outcome: outcome.kind,
    paidAmount: loaded.paidOre,
    refundAmount: outcome.refundOre,
    creditAmount: outcome.refundOre === null ? ore(0) : splitRefund(loaded, outcome.refundOre).creditOre,
    feeAmount: outcome.feeOre,
    lastFullRefundDay: outcome.lastFullRefundDay,
    reason: outcome.reason,
    rules: rules.rules,
  };
}

/** The order holds the child's place: paid (a cancelled date's share may have been refunded already) and enrolled. */
function requireCancellable(loaded: Loaded): void {
  if (loaded.order.status !== 'captured' && loaded.order.status !== 'refunded') throw new AppError('ORDER_NOT_REFUNDABLE', `Order is ${loaded.order.status}`);
  if (!loaded.enrolled) throw new AppError('ORDER_NOT_REFUNDABLE', 'The child is no longer on the course');
}

/** GET: what the parent would get back now, and why. */
export async function cancellationPreview(ctx: ServiceContext, orderId: string): Promise<CancellationPreview> {
  await requireAccess(ctx, 'order.family', orderId);
  const loaded = await load(ctx, orderId);
  requireCancellable(loaded);
  return preview(ctx, loaded);
}

/** What goes back where (øre): to Vipps, and as family credit. */
type MoneyBack = { vippsOre: Ore; creditOre: Ore };
const NOTHING: MoneyBack = { vippsOre: ore(0), creditOre: ore(0) };

/** E-mails every current guardian in the cancellation's transaction; an order whose family is gone, its buyer if still a user. */
async function mail(
  ctx: ServiceContext,
  order: repo.OrderRow,
  kind: CancellationEmailKind,
  back: MoneyBack,
  message: string | null = null,
  attachments: EmailAttachment[] = [],
) {
  const guardianIds = order.profileId ? await profiles.guardianIds(ctx.db, order.profileId) : [];
  const recipients = (await users.findUsers(ctx.db, guardianIds.length > 0 ? guardianIds : order.userId ? [order.userId] : [])).filter((g) => g.email);
  if (recipients.length === 0) {
    ctx.log.warn({ orderId: order.id }, 'cancellation e-mail not sent: no e-mail address');
    return;
  }
  const info = order.additionalInfo as Partial<repo.OrderAdditionalInfo>;
  for (const guardian of recipients) {
    const email = cancellationEmail({
      to: guardian.email!,
      companyName: ctx.env.site.companyName,
      guardian,
      childName: info.child ? fullName(info.child) : null,
      courseName: info.course?.name?.trim() || null,
      order,
      kind,
      amountOre: back.vippsOre,
      creditOre: back.creditOre,
      message,
    });
    await enqueueEmail(ctx.db, attachments.length ? { ...email, attachments } : email);
  }
}

/** The receipt of the credit this cancellation gave back (its ledger entry). */
async function creditReceipt(ctx: ServiceContext, order: repo.OrderRow): Promise<EmailAttachment[]> {
  const entry = (await ledger.creditsOfOrders(ctx.db, [order.id])).find((c) => c.amountOre > 0 && c.reason.startsWith(CREDIT_BACK_REASON));
  return entry ? [receiptAttachment(await receiptOfCredit(ctx, order, entry))] : [];
}

/**
 * Sends a 'refunding' cancellation's Vipps part with the cancellation's key (a retry replays the first answer), stores
 * the event and marks it refunded. A failure leaves it 'refunding' for the parent's retry or the reconciliation view.
 */
export async function finishRefund(ctx: ServiceContext, order: repo.OrderRow, row: cancellations.CancellationRow): Promise<cancellations.CancellationRow> {
  const amountOre = ore((row.refundOre ?? 0) - row.creditOre);
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
      const receipts = [...(await refundReceiptAttachment(ctx, order, answer.pspReference)), ...(await creditReceipt(ctx, order))];
      await mail(ctx, order, 'refunded', { vippsOre: amountOre, creditOre: row.creditOre }, null, receipts);
    }
    ctx.log.info({ orderId: order.id, amountOre, creditOre: row.creditOre }, 'order refunded: the parent cancelled');
    return done;
  });
}

/** The reason of the credit entry a cancellation gives back (its receipt finds the entry by it). */
const CREDIT_BACK_REASON = 'Avmeldt';

/**
 * The place is given up: the child leaves the course, every open choice of a cancelled date closes (counted in this
 * refund), and the refund's credit part goes back as credit with its original expiry.
 */
async function giveUpPlace(ctx: ServiceContext, order: repo.OrderRow, creditOre: Ore): Promise<void> {
  const now = ctx.clock.now();
  if (order.courseId && order.childId) await courses.deleteParticipant(ctx.db, order.courseId, order.childId);
  await changes.closeOpenChoicesOfOrder(ctx.db, order.id, now);
  if (creditOre > 0 && order.profileId) {
    const info = order.additionalInfo as Partial<repo.OrderAdditionalInfo>;
    await ledger.insertCredit(ctx.db, {
      profileId: order.profileId,
      amountOre: creditOre,
      reason: `${CREDIT_BACK_REASON} ${order.humanReference}: ${info.course?.name?.trim() || 'kurs'}`,
      orderId: order.id,
      expiresAt: await familyLedger.creditBackExpiry(ctx.db, order.id, now, await creditMonths(ctx)),
      createdAt: now,
    });
  }
}

/**
 * POST: the parent confirms the preview's amount (CONFLICT when it changed). The place is given up and the row written
 * in one transaction, then the Vipps part goes to Vipps. 'Etter avtale': a request; the child stays until the admin decides.
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

  const back = shown.refundAmount === null ? NOTHING : splitRefund(loaded, shown.refundAmount);
  const status = shown.outcome === 'byAgreement' ? 'requested' : back.vippsOre > 0 ? 'refunding' : back.creditOre > 0 ? 'refunded' : 'done';
  const { row } = await withTx(ctx, async (ctx) => {
    const result = await cancellations.insertCancellation(ctx.db, {
      orderId,
      requestedBy: ctx.viewer?.id ?? null,
      rulesVersion: shown.rulesVersion,
      outcome: shown.outcome,
      status,
      refundOre: shown.refundAmount,
      creditOre: back.creditOre,
      feeOre: shown.feeAmount,
    });
    if (!result.created) return result;
    if (status !== 'requested') {
      // Closing the open choices waits for a choice being made at this moment (its row lock); one settled since the
      // preview (a tap, the default) changes what is owed, so the parent looks again.
      await changes.closeOpenChoicesOfOrder(ctx.db, orderId, ctx.clock.now());
      const now = await preview(ctx, await load(ctx, orderId));
      if (now.refundAmount !== shown.refundAmount) throw new AppError('CONFLICT', 'The refund has changed since the preview');
      await giveUpPlace(ctx, loaded.order, back.creditOre);
    }
    if (status === 'requested') await mail(ctx, loaded.order, 'requested', NOTHING);
    if (status === 'done') await mail(ctx, loaded.order, 'noRefund', NOTHING);
    if (status === 'refunded') await mail(ctx, loaded.order, 'refunded', back, null, await creditReceipt(ctx, loaded.order));
    ctx.log.info({ orderId, outcome: shown.outcome, status, creditOre: back.creditOre }, 'a parent cancelled a place');
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
  const refundOre = input.approve ? (input.refundAmount ?? ore(0)) : null;
  // The admin's amount goes to Vipps: at most what Vipps still holds (and what the order still holds).
  const refundable = Math.min(loaded.paidOre, loaded.vippsOre);
  if (refundOre !== null && refundOre > refundable) throw new AppError('REFUND_TOO_LARGE', `At most ${refundable} øre can be refunded`);
  const decided = { adminMessage: input.message, decidedBy: ctx.viewer?.id ?? null, decidedAt: ctx.clock.now() };
  const row = await withTx(ctx, async (ctx) => {
    const status = !input.approve ? 'declined' : refundOre ? 'refunding' : 'done';
    const moved = await cancellations.updateCancellation(ctx.db, request.id, ['requested'], { ...decided, status, refundOre });
    if (!moved) throw new AppError('CONFLICT', 'The request was decided already');
    if (input.approve) await giveUpPlace(ctx, loaded.order, ore(0));
    if (status === 'declined') await mail(ctx, loaded.order, 'declined', NOTHING, input.message);
    if (status === 'done') await mail(ctx, loaded.order, 'noRefund', NOTHING, input.message);
    return moved;
  });
  return toCancellation(row.status === 'refunding' ? await finishRefund(ctx, loaded.order, row) : row);
}

/** The family's paid orders for /profil, each with its cancellation (guardians and admins: profile.read). */
export async function familyPayments(ctx: ServiceContext, profileId: string): Promise<FamilyPayment[]> {
  await requireAccess(ctx, 'profile.read', profileId);
  const rows = await repo.paidOrdersOfProfile(ctx.db, profileId);
  const ids = rows.map((r) => r.order.id);
  const entries = await familyLedger.entriesOfOrders(ctx.db, ids);
  const done = await cancellations.cancellationsOfOrders(ctx.db, ids);
  const bought = await courses.findCoursesDetails(ctx.db, rows.flatMap((r) => (r.order.courseId ? [r.order.courseId] : [])));
  const now = ctx.clock.now().getTime();
  return rows.map(({ order, enrolled }) => {
    const course = order.courseId ? bought.get(order.courseId) : undefined;
    const lastDate = course?.dates.at(-1) ?? null;
    // A finished course (its last date has begun) has nothing to cancel.
    const finished = lastDate !== null && lastDate.getTime() <= now;
    const own = entries.filter((e) => e.orderId === order.id);
    const sum = (kind: string) => ore(Math.abs(sumOre(own.filter((e) => e.kind === kind).map((e) => e.amountOre))));
    const info = order.additionalInfo as Partial<repo.OrderAdditionalInfo>;
    const cancellation = done.find((c) => c.orderId === order.id);
    return {
      _id: order.id,
      humanReference: order.humanReference,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      courseName: course ? courseDisplayName(course) : info.course?.name?.trim() || null,
      childName: info.child ? fullName(info.child) : null,
      capturedAmount: sum('capture'),
      refundedAmount: sum('refund'),
      creditAmount: order.creditOre,
      discounts: order.discounts,
      courseFirstDate: course?.dates[0]?.toISOString() ?? null,
      courseLastDate: lastDate?.toISOString() ?? null,
      placeName: course?.placeName ?? info.course?.place ?? null,
      cancellable: (order.status === 'captured' || order.status === 'refunded') && enrolled && !cancellation && !finished,
      cancellation: cancellation ? toCancellation(cancellation) : null,
      // Every Vipps and credit entry of the order has its receipt (a make-up moves no money).
      receipts: [...own.filter(familyLedger.isVipps), ...own.filter((e) => e.kind === 'credit-given' || e.kind === 'credit-used')].map((e) => ({
        eventId: e.id,
        kind: e.kind === 'capture' || e.kind === 'credit-used' ? ('payment' as const) : ('refund' as const),
        method: familyLedger.isVipps(e) ? ('vipps' as const) : ('credit' as const),
        amount: ore(Math.abs(e.amountOre)),
        at: e.at.toISOString(),
      })),
    };
  });
}
