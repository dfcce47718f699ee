import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { formatDate } from '@app/shared';

/** 'Kursbevis' (decision 057): one A4 page in pdf-lib's standard Helvetica (WinAnsi covers æ, ø, å). */
export interface CertificateFields {
  childName: string;
  levelName: string;
  skills: string[];
  venue: string;
  dates: readonly Date[];
  schoolName: string;
}

/** Splits a line that would run past the page's margin (about 80 characters of 11 pt Helvetica). */
const wrap = (text: string, width = 80): string[] =>
  text.split(' ').reduce<string[]>((lines, word) => {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
    return lines;
  }, []);

export async function certificatePdf(fields: CertificateFields): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Kursbevis for ${fields.childName}`);
  doc.setAuthor(fields.schoolName);
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 760;
  const line = (text: string, options: { size?: number; isBold?: boolean; gap?: number } = {}) => {
    page.drawText(text, { x: 56, y, size: options.size ?? 11, font: options.isBold ? bold : font, color: rgb(0.05, 0.15, 0.3) });
    y -= options.gap ?? 18;
  };
  line('Kursbevis', { size: 30, isBold: true, gap: 48 });
  line(fields.childName, { size: 20, isBold: true, gap: 30 });
  line(`har fullført ${fields.levelName}`, { size: 14, gap: 30 });
  const first = fields.dates[0];
  const last = fields.dates.at(-1);
  if (first && last) for (const part of wrap(`${fields.venue}, ${formatDate(first)}–${formatDate(last)} (${fields.dates.length} kursdager)`)) line(part);
  y -= 14;
  if (fields.skills.length) {
    line('Ferdigheter barnet mestrer:', { isBold: true });
    for (const skill of fields.skills) for (const [i, part] of wrap(skill, 74).entries()) line(`${i === 0 ? '•' : ' '} ${part}`);
  }
  y -= 24;
  line(fields.schoolName, { isBold: true });
  return doc.save();
}
