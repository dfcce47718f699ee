import type { CancellationFee, CancellationRules } from './api/cancellation-rules';
import { dateSharesOre } from './date-shares';
import { countOf, formatDate, osloDateKey, plural } from './format';
import { formatKr, ore, percentOf, sumOre, type Ore } from './money';
import { osloMidnight } from './statistics';

/** What a parent gets back when they cancel now, under the rules version the order was bought under. */
interface CancellationOutcome {
  kind: 'full' | 'fee' | 'none' | 'remaining' | 'byAgreement';
  /** Øre back to the parent; null for 'etter avtale' (the admin decides). */
  refundOre: Ore | null;
  /** The fee kept, øre (only for 'fee'). */
  feeOre: Ore;
  /** The last Oslo calendar day with a full refund (YYYY-MM-DD), null when the order covers no dates. */
  lastFullRefundDay: string | null;
  /** Why, in one Norwegian sentence. */
  reason: string;
}

interface CancellableOrder {
  /** What was paid (captured less refunded), øre. */
  paidOre: Ore;
  /** The dates the order pays for (their start times). */
  coveredDates: readonly (Date | string)[];
  /** What the dates' shares split (Vipps and credit parts); default paidOre. */
  priceOre?: Ore;
  /** Cancelled dates whose share was given already (refunded, credited or made up): not paid again. */
  givenDates?: readonly (Date | string)[];
}

/** The fee in øre on a payment, never more than the payment. */
export function cancellationFeeOre(fee: CancellationFee, paidOre: Ore): Ore {
  const amount = fee.kind === 'fixed' ? fee.amountOre : percentOf(paidOre, fee.percent);
  return ore(Math.min(Math.max(0, amount), paidOre));
}

/** The last Oslo day with a full refund: `daysBefore` calendar days before the first date's day. */
function lastFullRefundDay(firstDate: Date, daysBefore: number): { key: string; endsAt: Date } {
  const [y, m, d] = osloDateKey(firstDate).split('-').map(Number) as [number, number, number];
  const start = osloMidnight(y, m, d - daysBefore);
  return { key: osloDateKey(start), endsAt: osloMidnight(y, m, d - daysBefore + 1) };
}

const feeText = (fee: CancellationFee) => (fee.kind === 'fixed' ? formatKr(fee.amountOre) : `${fee.percent} %`);

/** The shares of the price of the dates still to come, less those given already (a cancelled date's choice). */
function futureSharesOre(order: CancellableOrder, dates: readonly Date[], now: Date): Ore {
  const given = new Set((order.givenDates ?? []).map((d) => new Date(d).getTime()));
  const shares = dateSharesOre(Math.max(0, order.priceOre ?? order.paidOre), dates.length);
  return sumOre(shares.filter((_, i) => dates[i]!.getTime() > now.getTime() && !given.has(dates[i]!.getTime())));
}

export function cancellationOutcome(rules: CancellationRules, order: CancellableOrder, now: Date): CancellationOutcome {
  const dates = order.coveredDates.map((d) => new Date(d)).sort((a, b) => a.getTime() - b.getTime());
  const paid = ore(Math.max(0, order.paidOre));
  const first = dates[0];
  if (!first) return { kind: 'none', refundOre: ore(0), feeOre: ore(0), lastFullRefundDay: null, reason: 'Bestillingen gjelder ingen kursdager.' };
  const deadline = lastFullRefundDay(first, rules.fullRefundDaysBefore);
  const base = { lastFullRefundDay: deadline.key, feeOre: ore(0) };
  if (now.getTime() < Math.min(deadline.endsAt.getTime(), first.getTime())) {
    return { ...base, kind: 'full', refundOre: paid, reason: `Du melder av innen ${formatDate(deadline.endsAt.getTime() - 1)} og får hele beløpet tilbake.` };
  }
  if (now.getTime() < first.getTime()) {
    const feeOre = cancellationFeeOre(rules.lateFee, paid);
    return {
      ...base,
      kind: 'fee',
      refundOre: ore(paid - feeOre),
      feeOre,
      reason: `Fristen for full refusjon var ${formatDate(deadline.endsAt.getTime() - 1)}. Vi trekker et gebyr på ${formatKr(feeOre)}.`,
    };
  }
  const remaining = dates.filter((d) => d.getTime() > now.getTime()).length;
  if (remaining === 0) return { ...base, kind: 'none', refundOre: ore(0), reason: 'Kurset er ferdig, så det er ingenting å få tilbake.' };
  if (rules.afterStart === 'byAgreement') {
    return { ...base, kind: 'byAgreement', refundOre: null, reason: 'Kurset har startet. Refusjon skjer etter avtale: vi ser på forespørselen og svarer deg på e-post.' };
  }
  if (rules.afterStart === 'remaining') {
    return {
      ...base,
      kind: 'remaining',
      refundOre: ore(Math.min(paid, futureSharesOre(order, dates, now))),
      reason: `Kurset har startet. Du får tilbake andelen for ${plural(remaining, 'den ene kursdagen', `de ${remaining} kursdagene`)} som gjenstår.`,
    };
  }
  return { ...base, kind: 'none', refundOre: ore(0), reason: 'Kurset har startet. Etter vilkårene får du ikke penger tilbake.' };
}

/** What a parent gets back and where, in one sentence: the Vipps part to Vipps, the credit part as 'tilgode'. */
export function moneyBackText(vippsOre: Ore, creditOre: Ore): string {
  if (vippsOre > 0 && creditOre > 0) return `Du får ${formatKr(vippsOre)} tilbake til Vipps og ${formatKr(creditOre)} som tilgode.`;
  if (vippsOre > 0) return `Du får ${formatKr(vippsOre)} tilbake til Vipps.`;
  if (creditOre > 0) return `Du får ${formatKr(creditOre)} tilbake som tilgode.`;
  return 'Du får ingen penger tilbake.';
}

/** The rules as the terms page shows them, one sentence each. */
export function cancellationRulesText(rules: CancellationRules): string[] {
  const days = rules.fullRefundDaysBefore;
  const afterStart: Record<CancellationRules['afterStart'], string> = {
    none: 'Etter at kurset har startet, får du ikke penger tilbake.',
    remaining: 'Etter at kurset har startet, får du tilbake andelen for kursdagene som gjenstår.',
    byAgreement: 'Etter at kurset har startet, skjer refusjon etter avtale: send en forespørsel, så svarer vi deg.',
  };
  return [
    days === 0
      ? 'Du får hele beløpet tilbake hvis du melder av før kurset starter.'
      : `Du får hele beløpet tilbake hvis du melder av senest ${countOf(days, 'dag', 'dager')} før første kursdag.`,
    `Melder du av senere, men før kurset starter, trekker vi et gebyr på ${feeText(rules.lateFee)}.`,
    afterStart[rules.afterStart],
    'Du melder av under «Meld av kurset» på profilen din. Pengene går tilbake til Vipps, og det du betalte med tilgode, får du tilbake som tilgode.',
  ];
}

/** Whether an edited terms section covers what the generated 'Avbestilling' says (the editor warns of a contradiction). */
export function overlapsCancellationRules(category: string, text: string): boolean {
  const plain = `${category} ${text.replace(/<[^>]*>/g, ' ')}`.toLowerCase();
  return /avbestill|avmeld|meld(?:e|er)? av|refus|refunder|pengene tilbake|gebyr|angrerett/.test(plain);
}

/** A receipt's file name (kvittering, issue 40): the same on the server's download and the web's saved file. */
export function receiptFileName(kind: 'payment' | 'refund', humanReference: string, at: Date | string): string {
  return `${kind === 'refund' ? 'kvittering-refusjon' : 'kvittering'}-${humanReference}-${formatDate(at).replace(/\./g, '-')}.pdf`;
}
