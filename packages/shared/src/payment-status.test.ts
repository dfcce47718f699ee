import { describe, expect, it } from 'vitest';
import { orderStatusLabel, paymentStatusLabel, paymentStatusTone } from './payment-status';

describe('paymentStatusLabel (spec §4)', () => {
  it.each([
    ['CREATED', 'Opprettet'],
    ['AUTHORIZED', 'Godkjent av kunde'],
    ['authorized', 'Godkjent av kunde'],
    ['TERMINATED', 'Avbrutt av Plask'],
    ['cancelled', 'Avbrutt av Plask'],
    ['ABORTED', 'Avbrutt av kunde'],
    ['EXPIRED', 'Utløpt'],
    ['REFUNDED', 'Refundert'],
    ['Captured', 'Betalt'],
    ['NEW_THING', 'Ukjent (NEW_THING)'],
  ])('%s → %s', (value, label) => {
    expect(paymentStatusLabel(value, 'Plask')).toBe(label);
  });

  it('money event "partial refund": 260 kr of 2 600 kr reads "Delvis refundert", all of it "Refundert" (walk-through 18)', () => {
    expect(orderStatusLabel({ status: 'refunded', capturedAmount: 260_000, refundedAmount: 26_000 }, 'Plask')).toBe('Delvis refundert');
    expect(orderStatusLabel({ status: 'refunded', capturedAmount: 260_000, refundedAmount: 260_000 }, 'Plask')).toBe('Refundert');
    expect(orderStatusLabel({ status: 'captured', capturedAmount: 260_000, refundedAmount: 0 }, 'Plask')).toBe('Betalt');
  });

  it('gives the colour groups', () => {
    expect(paymentStatusTone('captured')).toBe('success');
    expect(paymentStatusTone('EXPIRED')).toBe('warning');
    expect(paymentStatusTone('aborted')).toBe('error');
    expect(paymentStatusTone('created')).toBe('neutral');
  });
});
