import { describe, expect, it } from 'vitest';
import { DEFAULT_CANCELLATION_RULES, cancellationRulesSchema, type CancellationRules } from './api/cancellation-rules';
import { cancellationFeeOre, cancellationOutcome, cancellationRulesText, overlapsCancellationRules } from './cancellation';
import { osloTime } from './format';
import { ore } from './money';

// Four Mondays 17:00 Oslo, from 2 March 2026; 1 000 kr paid.
const dates = [2, 9, 16, 23].map((d) => osloTime(2026, 3, d, '17:00'));
const order = { paidOre: ore(100_000), coveredDates: dates };
const rules: CancellationRules = { fullRefundDaysBefore: 14, lateFee: { kind: 'percent', percent: 25 }, afterStart: 'none' };

describe('cancellationOutcome', () => {
  it('refunds everything until the end of the Oslo day N days before the first date', () => {
    const lastMinute = cancellationOutcome(rules, order, osloTime(2026, 2, 16, '23:59', 59));
    expect(lastMinute).toMatchObject({ kind: 'full', refundOre: 100_000, feeOre: 0, lastFullRefundDay: '2026-02-16' });
    expect(lastMinute.reason).toBe('Du melder av innen 16.02.2026 og får hele beløpet tilbake.');
  });

  it('keeps a fee after the deadline and before the start: a percentage or fixed øre, never more than paid', () => {
    const late = cancellationOutcome(rules, order, osloTime(2026, 2, 17, '00:00'));
    expect(late).toMatchObject({ kind: 'fee', refundOre: 75_000, feeOre: 25_000 });
    expect(late.reason).toBe('Fristen for full refusjon var 16.02.2026. Vi trekker et gebyr på 250\u00a0kr.');
    const fixed = { ...rules, lateFee: { kind: 'fixed' as const, amountOre: ore(12_550) } };
    expect(cancellationOutcome(fixed, order, osloTime(2026, 3, 2, '16:59'))).toMatchObject({ kind: 'fee', refundOre: 87_450, feeOre: 12_550 });
    expect(cancellationFeeOre({ kind: 'fixed', amountOre: ore(500_000) }, ore(100_000))).toBe(100_000);
    expect(cancellationFeeOre({ kind: 'percent', percent: 33 }, ore(1_001))).toBe(330);
  });

  it('after the start: nothing, the remaining dates’ share, or etter avtale', () => {
    const afterFirst = osloTime(2026, 3, 2, '17:00');
    expect(cancellationOutcome(rules, order, afterFirst)).toMatchObject({ kind: 'none', refundOre: 0 });
    const remaining = cancellationOutcome({ ...rules, afterStart: 'remaining' }, { ...order, paidOre: ore(100_001) }, afterFirst);
    expect(remaining).toMatchObject({ kind: 'remaining', refundOre: 75_000 });
    expect(remaining.reason).toBe('Kurset har startet. Du får tilbake andelen for de 3 kursdagene som gjenstår.');
    expect(cancellationOutcome({ ...rules, afterStart: 'byAgreement' }, order, afterFirst)).toMatchObject({ kind: 'byAgreement', refundOre: null });
    expect(cancellationOutcome({ ...rules, afterStart: 'remaining' }, order, osloTime(2026, 3, 23, '18:00'))).toMatchObject({ kind: 'none', refundOre: 0 });
  });

  it('with 0 days the whole first day up to the start refunds in full', () => {
    expect(cancellationOutcome({ ...rules, fullRefundDaysBefore: 0 }, order, osloTime(2026, 3, 2, '16:59'))).toMatchObject({ kind: 'full' });
    expect(cancellationOutcome({ ...rules, fullRefundDaysBefore: 0 }, order, osloTime(2026, 3, 2, '17:00'))).toMatchObject({ kind: 'none' });
  });
});

describe('cancellation rules', () => {
  it('the defaults are valid and read as the terms page shows them', () => {
    expect(cancellationRulesSchema.parse(DEFAULT_CANCELLATION_RULES)).toEqual(DEFAULT_CANCELLATION_RULES);
    expect(cancellationRulesText(DEFAULT_CANCELLATION_RULES).slice(0, 3)).toEqual([
      'Du får hele beløpet tilbake hvis du melder av senest 14 dager før første kursdag.',
      'Melder du av senere, men før kurset starter, trekker vi et gebyr på 25 %.',
      'Etter at kurset har startet, får du ikke penger tilbake.',
    ]);
    expect(cancellationRulesSchema.safeParse({ ...rules, lateFee: { kind: 'percent', percent: 101 } }).success).toBe(false);
  });
});

describe('the rules form', () => {
  it('turns kr into øre and back, and refuses a percentage above 100 or a third decimal', async () => {
    const { cancellationRulesFormSchema, toCancellationRules, toCancellationRulesForm } = await import('./api/cancellation-rules');
    const form = cancellationRulesFormSchema.parse({ fullRefundDaysBefore: 10, feeKind: 'fixed', fee: 125.5, afterStart: 'remaining' });
    expect(toCancellationRules(form)).toEqual({ fullRefundDaysBefore: 10, lateFee: { kind: 'fixed', amountOre: 12_550 }, afterStart: 'remaining' });
    expect(toCancellationRulesForm(toCancellationRules(form))).toEqual(form);
    expect(cancellationRulesFormSchema.safeParse({ ...form, feeKind: 'percent', fee: 101 }).success).toBe(false);
    expect(cancellationRulesFormSchema.safeParse({ ...form, fee: 1.005 }).success).toBe(false);
  });
});

describe('overlapsCancellationRules (the terms editor warns)', () => {
  it('finds a hand-written cancellation or refund rule, in the category or the text', () => {
    expect(overlapsCancellationRules('Avbestilling og refusjon', '<p>Full refusjon 14 dager før.</p>')).toBe(true);
    expect(overlapsCancellationRules('Betaling', '<p>Ved senere avbestilling refunderes kursavgiften bare mot legeerklæring.</p>')).toBe(true);
    expect(overlapsCancellationRules('Praktisk', 'Melder du av etter start, trekker vi et gebyr.')).toBe(true);
  });
  it('leaves other sections alone', () => {
    expect(overlapsCancellationRules('Sikkerhet i bassenget', '<p>Barnet skal alltid ha en voksen med seg i vannet.</p>')).toBe(false);
    expect(overlapsCancellationRules('Sykdom og fravær', 'Syke barn skal ikke bade.')).toBe(false);
  });
});
