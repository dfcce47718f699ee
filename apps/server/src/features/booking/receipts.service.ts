import { formatPrice, fullName, receiptFileName } from '@app/shared';
import { requireAccess } from '../../access/access';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import { AppError } from '../../plugins/errors';
import * as repo from '../../repos/orders.repo';
import * as users from '../../repos/users.repo';
import { escapeHtml } from './confirmation-email';
import type { OrderAdditionalInfo } from './booking.service';
import { receiptPdf, type ReceiptFields } from './receipt';

/** The events that have a receipt: each successful capture and refund. */
export const RECEIPT_EVENTS: Record<string, ReceiptFields['kind']> = { CAPTURED: 'payment', REFUNDED: 'refund' };

/** The receipt of one capture or refund of an order, for its own family (issue 40). */
export async function receipt(ctx: ServiceContext, orderId: string, eventId: string): Promise<{ filename: string; pdf: Uint8Array }> {
  await requireAccess(ctx, 'order.family', orderId);
  const order = await repo.findOrderById(ctx.db, orderId);
  const event = await repo.findOrderEvent(ctx.db, orderId, eventId);
  if (!order || !event) throw new AppError('NOT_FOUND', 'Receipt not found');
  return receiptOfEvent(ctx, order, event);
}

type EventRow = NonNullable<Awaited<ReturnType<typeof repo.findOrderEvent>>>;

/** The receipt PDF of one stored capture or refund (also attached to the refund's e-mail). */
export async function receiptOfEvent(ctx: ServiceContext, order: repo.OrderRow, event: EventRow): Promise<{ filename: string; pdf: Uint8Array }> {
  const kind = RECEIPT_EVENTS[event.name];
  if (!kind || event.success !== 'true') throw new AppError('NOT_FOUND', 'Receipt not found');
  const info = order.additionalInfo as Partial<OrderAdditionalInfo>;
  const fields: ReceiptFields = {
    kind,
    company: { name: ctx.env.site.companyName, orgNumber: ctx.env.COMPANY_ORG_NUMBER, address: ctx.env.COMPANY_ADDRESS },
    at: event.timestamp,
    courseName: info.course?.name?.trim() || null,
    childName: info.child ? fullName(info.child) : null,
    amountOre: event.amountOre,
    humanReference: order.humanReference,
    vippsReference: order.reference,
    pspReference: event.pspReference,
    vatLine: ctx.env.RECEIPT_VAT_LINE,
  };
  return { filename: receiptFileName(kind, order.humanReference, event.timestamp), pdf: await receiptPdf(fields) };
}

/**
 * The payment's receipt, e-mailed to the buyer when Vipps' capture is stored (bokføringsloven: a receipt for every
 * payment; the refund's goes with the cancellation e-mail). In the transaction that stores the capture, so it is
 * sent once.
 */
export async function queuePaymentReceipt(tx: DbOrTx, ctx: ServiceContext, order: repo.OrderRow, pspReference: string): Promise<void> {
  const event = (await repo.eventsOfOrders(tx, [order.id])).find((e) => e.name === 'CAPTURED' && e.pspReference === pspReference);
  const buyer = order.userId ? await users.findUserById(tx, order.userId) : undefined;
  if (!event || !buyer?.email) {
    ctx.log.warn({ orderId: order.id }, 'payment receipt not sent: no capture event or no e-mail address');
    return;
  }
  const file = await receiptOfEvent(ctx, order, event);
  const amount = formatPrice(event.amountOre / 100).replace(/\u00a0/g, ' ');
  const company = ctx.env.site.companyName;
  await enqueueEmail(tx, {
    to: buyer.email,
    subject: `Kvittering for betaling ${order.humanReference}`,
    text: [`Hei ${buyer.firstName}!`, '', `Vi har mottatt ${amount} med Vipps for ordre ${order.humanReference}. Kvitteringen ligger ved.`, '', 'Hilsen', company].join('\n'),
    html: `<p>Hei ${escapeHtml(buyer.firstName)}!</p><p>Vi har mottatt ${escapeHtml(amount)} med Vipps for ordre ${escapeHtml(order.humanReference)}. Kvitteringen ligger ved.</p><p>Hilsen<br>${escapeHtml(company)}</p>`,
    attachments: [{ filename: file.filename, contentType: 'application/pdf', content: Buffer.from(file.pdf).toString('base64'), encoding: 'base64' }],
  });
}
