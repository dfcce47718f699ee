import { describe, expect, it } from 'vitest';
import { ore } from '@/lib/format';
import { creditLine } from './credit-line';

describe('creditLine', () => {
  it('says how much credit is used and what Vipps takes; nothing without credit', () => {
    expect(creditLine(1700, ore(0))).toBeNull();
    expect(creditLine(1700, ore(25_001))).toBe('250,01\u00a0kr trekkes fra tilgodehavendet, 1\u00a0449,99\u00a0kr betales med Vipps.');
    expect(creditLine(1700, ore(169_950))).toBe('Betales med tilgode (1\u00a0700\u00a0kr).');
    expect(creditLine(1700, ore(500_000))).toBe('Betales med tilgode (1\u00a0700\u00a0kr).');
  });
});
