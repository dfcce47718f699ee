import { formatPrice, fullName, type NamedPerson } from '@app/shared';
import type { OutgoingEmail } from '../../integrations/email';

export interface MoneyBackInput {
  to: string;
  companyName: string;
  guardian: NamedPerson;
  child: NamedPerson | null;
  courseName: string | null;
  order: { humanReference: string; reference: string };
  kind: 'refund' | 'cancel';
  /** øre */
  amountOre: number;
  /** The child was taken off the course in the same step. */
  removedFromCourse: boolean;
}

const kr = (ore: number) => formatPrice(ore / 100).replace(/\u00a0/g, ' ');

/** Tells the parent that money is on its way back (a refund) or that a reservation was released (a cancellation). */
export function moneyBackEmail(input: MoneyBackInput): OutgoingEmail {
  const what = input.courseName ? `kurset ${input.courseName}` : 'kurset';
  const child = input.child ? ` for ${fullName(input.child)}` : '';
  const lines =
    input.kind === 'refund'
      ? [
          `Vi har refundert ${kr(input.amountOre)} for ${what}${child}.`,
          'Pengene kommer tilbake til kontoen din via Vipps, vanligvis innen 2–3 virkedager.',
        ]
      : [`Vi har kansellert betalingen for ${what}${child}. Reservasjonen på ${kr(input.amountOre)} er frigitt, og du blir ikke belastet.`];
  if (input.removedFromCourse) lines.push(`${input.child ? fullName(input.child) : 'Barnet'} er meldt av kurset.`);
  const text = [
    `Hei ${input.guardian.firstName}!`,
    '',
    ...lines,
    '',
    `Ordrenummer: ${input.order.humanReference}`,
    `Referanse: ${input.order.reference}`,
    '',
    `Hilsen ${input.companyName}`,
  ].join('\n');
  return {
    to: input.to,
    subject: input.kind === 'refund' ? `Refusjon: ${input.order.humanReference}` : `Betaling kansellert: ${input.order.humanReference}`,
    text,
  };
}
