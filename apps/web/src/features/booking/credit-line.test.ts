import { describe, expect, it } from 'vitest';
import { discountText, priceOrder } from '@shared/price';
import { ore } from '@/lib/format';
import { creditLine } from './credit-line';

const price = (availableCreditOre: number) => priceOrder({ listOre: ore(170_000), availableCreditOre: ore(availableCreditOre) });

describe('creditLine', () => {
  it('says how much credit is used and what Vipps takes; nothing without credit', () => {
    expect(creditLine(price(0))).toBeNull();
    expect(creditLine(price(25_001))).toBe('250,01\u00a0kr trekkes fra tilgodehavendet, 1\u00a0449,99\u00a0kr betales med Vipps.');
    expect(creditLine(price(169_950))).toBe('Betales med tilgode (1\u00a0700\u00a0kr).');
    expect(creditLine(price(500_000))).toBe('Betales med tilgode (1\u00a0700\u00a0kr).');
  });
});

describe('discountText', () => {
  it('names the discount and shows it as a negative amount', () => {
    expect(discountText({ kind: 'sibling', amountOre: ore(34_000) })).toBe('Søskenrabatt \u2212340\u00a0kr');
    expect(discountText({ kind: 'code', amountOre: ore(1_250), code: 'VAR-10' })).toBe('Rabattkode VAR-10 \u221212,50\u00a0kr');
  });
});
