import { randomInt } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { GIFT_CARD_ALPHABET, GIFT_CARD_CODE_LENGTH, GIFT_CARD_VALIDITY_YEARS, formatDate, formatGiftCardCode, formatKr, normalizeGiftCardCode, type Ore } from '@app/shared';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import { hashSecret } from '../../lib/secret-link';
import * as giftCards from '../../repos/gift-cards.repo';
import type { OrderAdditionalInfo, OrderRow } from '../../repos/orders.repo';
import { addMonths } from './entries';
import { escapeHtml } from './emails';

/**
 * Gift cards (decision 059): a card is sold through an order of its own (no course, no child) that pays like a course
 * order; the payment's event issues the card instead of enrolling. Only the code's hash is kept: the code goes to the
 * buyer's browser and, once paid, into the e-mail's PDF (never into the e-mail's text, which the admin's outbox shows).
 */

export const newGiftCardCode = (): string => Array.from({ length: GIFT_CARD_CODE_LENGTH }, () => GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)]).join('');
export const hashGiftCardCode = (code: string): string => hashSecret(`gift-card:${normalizeGiftCardCode(code)}`);

/** pdf-lib's standard fonts write WinAnsi only: anything else (an emoji in the message) becomes '?'. */
const winAnsi = (text: string) => text.replace(/[^\n\x20-\x7E\u00A0-\u00FF]/g, '?');

function wrap(text: string, width: number): string[] {
  return winAnsi(text).split('\n').flatMap((paragraph) => {
    const lines: string[] = [];
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      if (line && line.length + word.length + 1 > width) {
        lines.push(line);
        line = '';
      }
      line = line ? `${line} ${word}` : word.slice(0, width);
    }
    return [...lines, line];
  });
}

export interface GiftCardFields {
  company: string;
  amountOre: Ore;
  code: string;
  expiresAt: Date;
  giverName: string;
  message: string;
  siteUrl: string;
}

export async function giftCardPdf(fields: GiftCardFields): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Gavekort fra ${winAnsi(fields.company)}`);
  doc.setAuthor(winAnsi(fields.company));
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 760;
  const line = (text: string, options: { size?: number; isBold?: boolean; gap?: number } = {}) => {
    page.drawText(winAnsi(text), { x: 56, y, size: options.size ?? 12, font: options.isBold ? bold : font, color: rgb(0.05, 0.15, 0.3) });
    y -= options.gap ?? 20;
  };
  line('Gavekort', { size: 32, isBold: true, gap: 44 });
  line(fields.company, { size: 16, isBold: true, gap: 36 });
  line(formatKr(fields.amountOre, { for: 'email' }), { size: 28, isBold: true, gap: 40 });
  line(`Fra: ${fields.giverName}`, { gap: 26 });
  for (const text of wrap(fields.message, 80)) line(text, { gap: 16 });
  y -= 20;
  line('Kode', { isBold: true });
  line(formatGiftCardCode(fields.code), { size: 24, isBold: true, gap: 36 });
  line(`Gyldig til ${formatDate(fields.expiresAt)}.`);
  line(`Løs inn koden på profilen din på ${fields.siteUrl} ('Løs inn gavekort'). Verdien blir tilgode for familien`);
  line('og brukes når dere bestiller kurs. Koden kan brukes én gang.');
  return doc.save();
}

/**
 * The payment of a gift card's order came (in its transaction): the card is valid from now, its e-mail with the PDF is
 * queued, and the code is forgotten. False when the order sells no gift card.
 */
export async function issueGiftCard(tx: DbOrTx, ctx: ServiceContext, order: OrderRow): Promise<boolean> {
  const card = await giftCards.lockGiftCardOfOrder(tx, order.id);
  if (!card) return false;
  if (card.issuedAt) return true;
  const now = ctx.clock.now();
  const expiresAt = addMonths(now, GIFT_CARD_VALIDITY_YEARS * 12);
  const email = (order.additionalInfo as OrderAdditionalInfo).giftCard?.email;
  if (card.pendingCode && email) {
    const company = ctx.env.site.companyName;
    const pdf = await giftCardPdf({ company, amountOre: card.amountOre, code: card.pendingCode, expiresAt, giverName: card.giverName, message: card.message, siteUrl: ctx.env.PUBLIC_URL });
    const text = `Takk for kjøpet! Gavekortet på ${formatKr(card.amountOre, { for: 'email' })} ligger ved som PDF, med koden. Det er gyldig til ${formatDate(expiresAt)}.`;
    await enqueueEmail(tx, {
      to: email,
      subject: `Gavekort fra ${company}`,
      text: ['Hei!', '', text, '', 'Hilsen', company].join('\n'),
      html: `<p>Hei!</p><p>${escapeHtml(text)}</p><p>Hilsen<br>${escapeHtml(company)}</p>`,
      attachments: [{ filename: `gavekort-${order.humanReference}.pdf`, contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64'), encoding: 'base64' }],
    });
  } else {
    ctx.log.error({ orderId: order.id }, 'gift card paid, but its e-mail could not be queued');
  }
  await giftCards.markIssued(tx, card.id, now, expiresAt);
  return true;
}
