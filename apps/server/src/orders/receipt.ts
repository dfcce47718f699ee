import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { formatDate, formatPrice, formatTime, fullName, receiptFileName } from '@app/shared';
import type { ServiceContext } from '../context';
import type { DbOrTx } from '../db/client';
import { enqueueEmail } from '../integrations/email';
import { AppError } from '../plugins/errors';
import * as repo from '../repos/orders.repo';
import type { OrderAdditionalInfo } from '../repos/orders.repo';
import * as users from '../repos/users.repo';
import { escapeHtml } from './confirmation-email';

/**
 * A receipt (kvittering, issue 40) for one captured payment or one refund, as a PDF (pdf-lib, its standard Helvetica:
 * WinAnsi covers æ, ø and å). Bokføringsloven: the seller, the date, what was sold, the amount and how it was paid.
 */
export interface ReceiptFields {
  kind: 'payment' | 'refund';
  company: { name: string; orgNumber: string; address: string };
  /** When the money moved. */
  at: Date;
  courseName: string | null;
  childName: string | null;
  /** øre */
  amountOre: number;
  humanReference: string;
  /** The Vipps reference of the order and the pspReference of this capture or refund. */
  vippsReference: string;
  pspReference: string;
  vatLine: string;
}

const kr = (ore: number) => formatPrice(ore / 100).replace(/\u00a0/g, ' ');

export async function receiptPdf(fields: ReceiptFields): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${fields.kind === 'refund' ? 'Kvittering for refusjon' : 'Kvittering'} ${fields.humanReference}`);
  doc.setAuthor(fields.company.name);
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const line = (text: string, options: { size?: number; isBold?: boolean; gap?: number } = {}) => {
    page.drawText(text, { x: 56, y, size: options.size ?? 11, font: options.isBold ? bold : font, color: rgb(0.05, 0.15, 0.3) });
    y -= options.gap ?? 18;
  };
  line(fields.kind === 'refund' ? 'Kvittering for refusjon' : 'Kvittering', { size: 22, isBold: true, gap: 34 });
  line(fields.company.name, { isBold: true });
  line(`Org.nr. ${fields.company.orgNumber}`);
  line(fields.company.address, { gap: 30 });
  const rows: [string, string][] = [
    ['Dato', `${formatDate(fields.at)} kl. ${formatTime(fields.at)}`],
    ['Ordrenummer', fields.humanReference],
    ['Kurs', fields.courseName ?? '-'],
    ['Barn', fields.childName ?? '-'],
    [fields.kind === 'refund' ? 'Refundert' : 'Betalt', kr(fields.amountOre)],
    ['Betalingsmåte', fields.kind === 'refund' ? 'Tilbakebetalt til Vipps' : 'Vipps'],
    ['Vipps-referanse', fields.vippsReference],
    ['pspReference', fields.pspReference],
  ];
  for (const [label, value] of rows) {
    page.drawText(`${label}:`, { x: 56, y, size: 11, font: bold });
    page.drawText(value, { x: 190, y, size: 11, font });
    y -= 20;
  }
  y -= 14;
  line(fields.vatLine);
  return doc.save();
}

/** The events that have a receipt: each successful capture and refund. */
export const RECEIPT_EVENTS: Record<string, ReceiptFields['kind']> = { CAPTURED: 'payment', REFUNDED: 'refund' };

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
  const amount = kr(event.amountOre);
  const company = ctx.env.site.companyName;
  await enqueueEmail(tx, {
    to: buyer.email,
    subject: `Kvittering for betaling ${order.humanReference}`,
    text: [`Hei ${buyer.firstName}!`, '', `Vi har mottatt ${amount} med Vipps for ordre ${order.humanReference}. Kvitteringen ligger ved.`, '', 'Hilsen', company].join('\n'),
    html: `<p>Hei ${escapeHtml(buyer.firstName)}!</p><p>Vi har mottatt ${escapeHtml(amount)} med Vipps for ordre ${escapeHtml(order.humanReference)}. Kvitteringen ligger ved.</p><p>Hilsen<br>${escapeHtml(company)}</p>`,
    attachments: [{ filename: file.filename, contentType: 'application/pdf', content: Buffer.from(file.pdf).toString('base64'), encoding: 'base64' }],
  });
}
