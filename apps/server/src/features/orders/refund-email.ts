import { fullName, moneyBackText, ore, type NamedPerson, formatKr, type Ore } from '@app/shared';
import type { OutgoingEmail } from '../../integrations/email';

const VIPPS_BACK = 'Pengene kommer tilbake via Vipps til kontoen det ble betalt fra, vanligvis innen 2–3 virkedager.';

/** Tells the parent that money is on its way back (a refund) or that a reservation was released (a cancellation). */
export function moneyBackEmail(input: {
  to: string;
  companyName: string;
  guardian: NamedPerson;
  child: NamedPerson | null;
  courseName: string | null;
  order: { humanReference: string; reference: string };
  kind: 'refund' | 'cancel';
  amountOre: Ore;
  /** The child was taken off the course in the same step. */
  removedFromCourse: boolean;
}): OutgoingEmail {
  const what = input.courseName ? `kurset ${input.courseName}` : 'kurset';
  const child = input.child ? ` for ${fullName(input.child)}` : '';
  const lines =
    input.kind === 'refund'
      ? [`Vi har refundert ${formatKr(input.amountOre, { for: 'email' })} for ${what}${child}.`, VIPPS_BACK]
      : [`Vi har kansellert betalingen for ${what}${child}. Reservasjonen på ${formatKr(input.amountOre, { for: 'email' })} er frigitt, og du blir ikke belastet.`];
  if (input.removedFromCourse) lines.push(`${input.child ? fullName(input.child) : 'Barnet'} er meldt av kurset.`);
  const subject = input.kind === 'refund' ? `Refusjon: ${input.order.humanReference}` : `Betaling kansellert: ${input.order.humanReference}`;
  return { to: input.to, subject, text: moneyEmailText(input, lines) };
}

/** The body every money e-mail shares: greeting, what happened, the order's references, the sign-off. */
function moneyEmailText(input: { guardian: NamedPerson; companyName: string; order: { humanReference: string; reference: string } }, lines: string[]): string {
  return [
    `Hei ${input.guardian.firstName}!`,
    '',
    ...lines,
    '',
    `Ordrenummer: ${input.order.humanReference}`,
    `Referanse: ${input.order.reference}`,
    '',
    `Hilsen ${input.companyName}`,
  ].join('\n');
}

export type CancellationEmailKind = 'refunded' | 'noRefund' | 'requested' | 'declined';

/** Where the money of a cancellation goes: to Vipps, as credit, or both. */
function refundedLines(vippsOre: Ore, creditOre: Ore): string[] {
  if (creditOre === 0) return [`Vi har refundert ${formatKr(vippsOre, { for: 'email' })}. ${VIPPS_BACK}`];
  return [
    moneyBackText(vippsOre, creditOre).replace(/\u00a0/g, ' '),
    ...(vippsOre > 0 ? [VIPPS_BACK] : []),
    'Tilgodebeløpet ser du på profilen din, og det brukes automatisk neste gang du bestiller.',
  ];
}

/**
 * Confirms a parent's cancellation ('Meld av kurset'): the refund, none, the request, or the admin's no. It goes to
 * every current guardian, so its wording fits the one who did not cancel too.
 */
export function cancellationEmail(input: {
  to: string;
  companyName: string;
  guardian: NamedPerson;
  childName: string | null;
  courseName: string | null;
  order: { humanReference: string; reference: string };
  kind: CancellationEmailKind;
  /** øre back to Vipps (for 'refunded') */
  amountOre: Ore;
  /** øre back as family credit (for 'refunded'; the order was paid partly or wholly with credit). */
  creditOre?: Ore;
  /** The admin's message (a decided 'etter avtale' request). */
  message: string | null;
}): OutgoingEmail {
  const what = input.courseName ? `kurset ${input.courseName}` : 'kurset';
  const child = input.childName ?? 'Barnet';
  const lines: Record<CancellationEmailKind, string[]> = {
    refunded: [`${child} er meldt av ${what}.`, ...refundedLines(input.amountOre, input.creditOre ?? ore(0))],
    noRefund: [`${child} er meldt av ${what}.`, 'Etter avbestillingsreglene blir det ingen refusjon.'],
    requested: [`Vi har fått forespørselen om å melde ${child} av ${what}.`, 'Refusjon skjer etter avtale. Vi svarer dere på e-post.'],
    declined: [`Vi har sett på forespørselen om å melde ${child} av ${what}, og kan dessverre ikke refundere.`, `${child} står fortsatt på kurset.`],
  };
  const subjects: Record<CancellationEmailKind, string> = {
    refunded: 'Avmelding og refusjon',
    noRefund: 'Avmelding',
    requested: 'Forespørsel om avmelding',
    declined: 'Svar på forespørsel om avmelding',
  };
  const text = moneyEmailText(input, [...lines[input.kind], ...(input.message ? ['', `Melding fra oss: ${input.message}`] : [])]);
  return { to: input.to, subject: `${subjects[input.kind]}: ${input.order.humanReference}`, text };
}
