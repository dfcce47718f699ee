import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { formatDate, formatPrice, formatTime } from '@app/shared';

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
