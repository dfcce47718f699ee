import { describe, expect, it } from 'vitest';
import { paymentStatusLabel, paymentStatusTone } from './payment-status';

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

  it('gives the colour groups', () => {
    expect(paymentStatusTone('captured')).toBe('success');
    expect(paymentStatusTone('EXPIRED')).toBe('warning');
    expect(paymentStatusTone('aborted')).toBe('error');
    expect(paymentStatusTone('created')).toBe('neutral');
  });
});
