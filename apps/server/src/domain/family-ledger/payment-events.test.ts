import { describe, expect, it } from 'vitest';
import { ORDER_EVENT_NAMES, ORDER_STATUSES } from '@app/shared';
import { nextStatus, settlementFor } from './payment-events';

const amounts = (a: Partial<{ authorized: number; captured: number; cancelled: number; refunded: number }>) => ({
  authorized: 0,
  captured: 0,
  cancelled: 0,
  refunded: 0,
  ...a,
});

describe('order state machine', () => {
  it('moves forward on the happy path and ignores repeats', () => {
    expect(nextStatus('created', 'AUTHORIZED')).toBe('authorized');
    expect(nextStatus('authorized', 'CAPTURED')).toBe('captured');
    expect(nextStatus('captured', 'REFUNDED')).toBe('refunded');
    expect(nextStatus('authorized', 'AUTHORIZED')).toBeNull();
    expect(nextStatus('created', 'CREATED')).toBeNull();
  });

  it('treats late or older events as no-ops', () => {
    expect(nextStatus('captured', 'AUTHORIZED')).toBeNull();
    expect(nextStatus('refunded', 'CAPTURED')).toBeNull();
    expect(nextStatus('aborted', 'AUTHORIZED')).toBeNull();
    expect(nextStatus('cancelled', 'CAPTURED')).toBeNull();
  });

  it('lets CAPTURED overtake AUTHORIZED', () => {
    expect(nextStatus('created', 'CAPTURED')).toBe('captured');
  });

  it('is monotonic: no event sequence ever returns to an earlier status', () => {
    const rank = (s: string) => ['created', 'authorized', 'captured', 'refunded'].indexOf(s);
    for (const from of ORDER_STATUSES) {
      for (const event of ORDER_EVENT_NAMES) {
        const to = nextStatus(from, event);
        if (to === null) continue;
        expect(to).not.toBe('created');
        if (rank(from) >= 0 && rank(to) >= 0) expect(rank(to)).toBeGreaterThan(rank(from));
        // an ended order never moves again
        expect(['aborted', 'expired', 'terminated', 'cancelled', 'refunded']).not.toContain(from);
      }
    }
  });
});

describe('settlementFor', () => {
  it('captures an enrolled order once', () => {
    expect(settlementFor('authorized', amounts({ authorized: 1000 }))).toEqual({ action: 'capture', amountOre: 1000 });
    expect(settlementFor('authorized', amounts({ authorized: 1000, captured: 1000 }))).toBeNull();
  });

  it('releases money on orders without a place', () => {
    expect(settlementFor('cancelled', amounts({ authorized: 1000 }))).toEqual({ action: 'cancel', amountOre: 1000 });
    expect(settlementFor('terminated', amounts({ authorized: 1000 }))).toEqual({ action: 'cancel', amountOre: 1000 });
    expect(settlementFor('cancelled', amounts({ authorized: 1000, cancelled: 1000 }))).toBeNull();
    expect(settlementFor('cancelled', amounts({ authorized: 1000, captured: 1000 }))).toEqual({ action: 'refund', amountOre: 1000 });
    expect(settlementFor('captured', amounts({ authorized: 1000, captured: 1000 }))).toBeNull();
    expect(settlementFor('created', amounts({}))).toBeNull();
  });
});
