import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { discountLabel, formatDate, formatKr, formatTime, fullName, ore, osloWeekday, plural, receiptFileName, weekdayName, type DiscountLine, type NamedPerson, type Ore } from '@app/shared';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { enqueueEmail, type EmailAttachment, type OutgoingEmail } from '../../integrations/email';
import { REST_REASON } from './entries';
import * as ledger from '../../repos/ledger.repo';
import { AppError } from '../../lib/app-error';
import * as repo from '../../repos/orders.repo';
import * as users from '../../repos/users.repo';
import { courseCalendar, courseSessions, courseTitle, type CalendarCourse } from '../../integrations/calendar/course-calendar';

// What the family ledger sends: the receipts (PDF) and the booking confirmation (with its calendar).

/**
 * A receipt (kvittering) for one payment or refund, as a PDF (pdf-lib's standard Helvetica: WinAnsi covers æ, ø, å).
 * Bokføringsloven: the seller, the date, what was sold, the amount and how it was paid.
 */
export interface ReceiptFields {
  kind: 'payment' | 'refund';
  /** How the money moved: through Vipps, or as family credit ('tilgode'). */
  method: 'vipps' | 'credit';
  /** Credit given back: until when it can be used. */
  expiresAt?: Date | null;
  company: { name: string; orgNumber: string; address: string };
  /** When the money moved. */
  at: Date;
  courseName: string | null;
  childName: string | null;
  amountOre: Ore;
  /** A payment's discounts off the list price (decision 058); none on a refund. */
  discounts?: readonly DiscountLine[];
  humanReference: string;
  /** The Vipps reference of the order, and the pspReference of this capture or refund (credit: the ledger entry's id). */
  vippsReference: string;
  pspReference: string;
  vatLine: string;
}

const METHOD_TEXT = {
  vipps: { payment: 'Vipps', refund: 'Tilbakebetalt til Vipps' },
  credit: { payment: 'Tilgode', refund: 'Tilbake som tilgode' },
} as const;

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
    // Helvetica has no U+2212: a hyphen-minus.
    ...(fields.discounts ?? []).map((d): [string, string] => [discountLabel(d), `-${formatKr(d.amountOre, { for: 'email' })}`]),
    [fields.kind === 'refund' ? 'Refundert' : 'Betalt', formatKr(fields.amountOre, { for: 'email' })],
    ['Betalingsmåte', METHOD_TEXT[fields.method][fields.kind]],
  ];
  if (fields.method === 'vipps') rows.push(['Vipps-referanse', fields.vippsReference], ['Betalingsreferanse', fields.pspReference]);
  else rows.push(['Tilgode-referanse', fields.pspReference], ...(fields.expiresAt ? [['Gyldig til', formatDate(fields.expiresAt)] as [string, string]] : []));
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
  return receiptFile(ctx, order, { kind, method: 'vipps', at: event.timestamp, amountOre: event.amountOre, pspReference: event.pspReference });
}

/** The receipt of an order's payment by credit ('used' entry) or credit given back; the entry's id is its reference. */
export async function receiptOfCredit(ctx: ServiceContext, order: repo.OrderRow, entry: ledger.CreditRow): Promise<{ filename: string; pdf: Uint8Array }> {
  const kind = entry.amountOre < 0 ? 'payment' : 'refund';
  return receiptFile(ctx, order, { kind, method: 'credit', at: entry.createdAt, amountOre: ore(Math.abs(entry.amountOre)), pspReference: entry.id, expiresAt: entry.expiresAt });
}

/** The credit entries of an order that have a receipt: its payment by credit and the credit it gave back (not the rest of another order's credit). */
export const hasCreditReceipt = (entry: ledger.CreditRow, orderId: string) => entry.orderId === orderId && !entry.reason.startsWith(REST_REASON);

async function receiptFile(
  ctx: ServiceContext,
  order: repo.OrderRow,
  movement: Pick<ReceiptFields, 'kind' | 'method' | 'at' | 'amountOre' | 'pspReference' | 'expiresAt'>,
): Promise<{ filename: string; pdf: Uint8Array }> {
  const info = order.additionalInfo as Partial<repo.OrderAdditionalInfo>;
  const kind = movement.kind;
  const fields: ReceiptFields = {
    ...movement,
    discounts: kind === 'payment' ? order.discounts : [],
    company: { name: ctx.env.site.companyName, orgNumber: ctx.env.COMPANY_ORG_NUMBER, address: ctx.env.COMPANY_ADDRESS },
    courseName: info.giftCard ? 'Gavekort' : info.course?.name?.trim() || null,
    childName: info.child ? fullName(info.child) : null,
    humanReference: order.humanReference,
    vippsReference: order.reference,
    vatLine: ctx.env.RECEIPT_VAT_LINE,
  };
  return { filename: receiptFileName(kind, order.humanReference, movement.at), pdf: await receiptPdf(fields) };
}

/** A receipt as an e-mail attachment. */
export function receiptAttachment(file: { filename: string; pdf: Uint8Array }): EmailAttachment {
  return { filename: file.filename, contentType: 'application/pdf', content: Buffer.from(file.pdf).toString('base64'), encoding: 'base64' };
}

/** The receipt of the stored REFUNDED event of this pspReference, as an attachment (none when it is not stored). */
export async function refundReceiptAttachment(ctx: ServiceContext, order: repo.OrderRow, pspReference: string): Promise<EmailAttachment[]> {
  const event = (await repo.eventsOfOrders(ctx.db, [order.id])).find((e) => e.name === 'REFUNDED' && e.pspReference === pspReference && e.success === 'true');
  return event ? [receiptAttachment(await receiptOfEvent(ctx, order, event))] : [];
}

/**
 * The payment's receipt (bokføringsloven: one for every payment), e-mailed to the buyer in the transaction that
 * stores the capture, so it is sent once; a refund's goes with the cancellation e-mail.
 */
export async function queuePaymentReceipt(tx: DbOrTx, ctx: ServiceContext, order: repo.OrderRow, pspReference: string | null): Promise<void> {
  const event = pspReference === null ? undefined : (await repo.eventsOfOrders(tx, [order.id])).find((e) => e.name === 'CAPTURED' && e.pspReference === pspReference);
  // The credit part: the order's 'used' entry, taken in this same transaction.
  const used = order.creditOre > 0 ? (await ledger.creditsOfOrders(tx, [order.id])).find((c) => c.amountOre < 0) : undefined;
  const buyer = order.userId ? await users.findUserById(tx, order.userId) : undefined;
  // A gift card's buyer may have no account: the address given at the purchase (decision 059).
  const to = buyer?.email ?? (order.additionalInfo as Partial<repo.OrderAdditionalInfo>).giftCard?.email;
  if ((!event && !used) || !to) {
    ctx.log.warn({ orderId: order.id }, 'payment receipt not sent: no capture event or no e-mail address');
    return;
  }
  const files = [...(event ? [await receiptOfEvent({ ...ctx, db: tx }, order, event)] : []), ...(used ? [await receiptOfCredit(ctx, order, used)] : [])];
  const paid = [...(event ? [`${formatKr(event.amountOre, { for: 'email' })} med Vipps`] : []), ...(used ? [`${formatKr(ore(-used.amountOre), { for: 'email' })} med tilgode`] : [])].join(' og ');
  const company = ctx.env.site.companyName;
  const text = `Vi har mottatt ${paid} for ordre ${order.humanReference}. ${plural(files.length, 'Kvitteringen ligger ved.', 'Kvitteringene ligger ved.')}`;
  const hello = buyer ? `Hei ${buyer.firstName}!` : 'Hei!';
  await enqueueEmail(tx, {
    to,
    subject: `Kvittering for betaling ${order.humanReference}`,
    text: [hello, '', text, '', 'Hilsen', company].join('\n'),
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(text)}</p><p>Hilsen<br>${escapeHtml(company)}</p>`,
    attachments: files.map(receiptAttachment),
  });
}

/** A refund's receipts by e-mail where no other e-mail carries them (a cancelled date's share: Vipps part, credit part). */
export async function queueRefundReceipt(ctx: ServiceContext, order: repo.OrderRow, lines: string[], attachments: EmailAttachment[]): Promise<void> {
  const buyer = order.userId ? await users.findUserById(ctx.db, order.userId) : undefined;
  if (!buyer?.email || attachments.length === 0) return;
  const company = ctx.env.site.companyName;
  await enqueueEmail(ctx.db, {
    to: buyer.email,
    subject: `Kvittering for refusjon ${order.humanReference}`,
    text: [`Hei ${buyer.firstName}!`, '', ...lines, plural(attachments.length, 'Kvitteringen ligger ved.', 'Kvitteringene ligger ved.'), '', 'Hilsen', company].join('\n'),
    attachments,
  });
}

// ---- the booking confirmation ----------------------------------------------------------------------------------------

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The booking confirmation (spec §4: "confirmation sent by e-mail"), with the course dates as an .ics attachment. */
export function confirmationEmail(input: {
  to: string;
  companyName: string;
  siteUrl: string;
  guardian: NamedPerson;
  child: NamedPerson;
  course: CalendarCourse;
  order: { reference: string; humanReference: string; amountOre: Ore };
}): OutgoingEmail {
  const { course, order } = input;
  const site = input.siteUrl.replace(/\/+$/, '');
  const title = courseTitle(course);
  const child = fullName(input.child);
  const location = [course.placeName, course.address, [course.zipCode, course.town].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const dates = courseSessions(course).map(
    ({ start, end }) => `${weekdayName(osloWeekday(start))} ${formatDate(start)} kl. ${formatTime(start)}–${formatTime(end)}`,
  );
  const amount = formatKr(order.amountOre, { for: 'email' });
  const orderUrl = `${site}/vipps/payment/${encodeURIComponent(order.reference)}`;
  const calendar = courseCalendar(course, { companyName: input.companyName, siteUrl: site });

  const summary: [string, string][] = [
    ['Kurs', title],
    ['Sted', location],
    ['Barn', child],
    ['Beløp', amount],
    ['Ordrenummer', order.humanReference],
    ['Referanse', order.reference],
  ];

  const text = [
    `Hei ${input.guardian.firstName}!`,
    '',
    `Takk for bestillingen. ${child} er nå påmeldt ${title} på ${course.placeName}.`,
    '',
    ...summary.map(([k, v]) => `${k}: ${v}`),
    '',
    'Kursdager:',
    ...(dates.length ? dates.map((d) => `  - ${d}`) : ['  Ikke fastsatt ennå']),
    '',
    'Kurskalenderen ligger ved som en .ics-fil du kan åpne i kalenderen din.',
    '',
    `Se bestillingen: ${orderUrl}`,
    `Regler og betingelser: ${site}/regler-og-betingelser`,
    '',
    'Hilsen',
    input.companyName,
  ].join('\n');

  const html = [
    `<p>Hei ${escapeHtml(input.guardian.firstName)}!</p>`,
    `<p>Takk for bestillingen. ${escapeHtml(child)} er nå påmeldt ${escapeHtml(title)} på ${escapeHtml(course.placeName)}.</p>`,
    '<table>',
    ...summary.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    '<p>Kursdager:</p>',
    dates.length ? `<ul>${dates.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>` : '<p>Ikke fastsatt ennå</p>',
    '<p>Kurskalenderen ligger ved som en .ics-fil du kan åpne i kalenderen din.</p>',
    `<p><a href="${escapeHtml(orderUrl)}">Se bestillingen</a> · <a href="${escapeHtml(`${site}/regler-og-betingelser`)}">Regler og betingelser</a></p>`,
    `<p>Hilsen<br>${escapeHtml(input.companyName)}</p>`,
  ].join('\n');

  return {
    to: input.to,
    subject: `Bekreftelse: ${child} er påmeldt ${title}, ${course.placeName}`,
    text,
    html,
    attachments: [{ filename: calendar.filename, contentType: calendar.contentType, content: calendar.content }],
  };
}
