import { describe, expect, it } from 'vitest';
import { PRICE_STEP_KR, PRICE_STEP_ORE } from './constants';
import { formatKr, isWholeOre, krToOre, ore, oreToKr, percentOf, sumOre } from './money';

const NBSP = '\u00a0';

describe('money', () => {
  it('formats prices in kr with nb-NO grouping', () => {
    expect(formatKr(krToOre(1950))).toBe(`1${NBSP}950${NBSP}kr`);
    expect(formatKr(krToOre(1950)).replace(/\s/g, ' ')).toBe('1 950 kr');
    expect(formatKr(krToOre(0))).toBe(`0${NBSP}kr`);
    expect(formatKr(krToOre(12500)).replace(/\s/g, ' ')).toBe('12 500 kr');
    // Øre only when there are any, and then both digits: '1 700 kr', '12,50 kr' (issue 35).
    expect(formatKr(krToOre(12.5))).toBe(`12,50${NBSP}kr`);
    expect(formatKr(krToOre(1700))).toBe(`1${NBSP}700${NBSP}kr`);
    expect(formatKr(krToOre(17.0))).toBe(`17${NBSP}kr`);
    expect(formatKr(krToOre(1234567.891))).toBe(`1${NBSP}234${NBSP}567,89${NBSP}kr`);
    expect(formatKr(krToOre(-1950))).toBe(`\u22121${NBSP}950${NBSP}kr`);
    expect(formatKr(krToOre(-0.004))).toBe(`0${NBSP}kr`);
  });

  it('money event "amount shown": one format for øre everywhere, øre only when there are any (walk-through 18)', () => {
    expect(formatKr(ore(257500))).toBe(`2${NBSP}575${NBSP}kr`);
    expect(formatKr(ore(1250))).toBe(`12,50${NBSP}kr`);
    expect(formatKr(ore(170000), { for: 'email' })).toBe('1 700 kr');
    expect(formatKr(ore(1250), { for: 'email' })).toBe('12,50 kr');
    expect(formatKr(ore(-26000), { for: 'email' })).toBe('\u2212260 kr');
    expect(formatKr(ore(0))).toBe(`0${NBSP}kr`);
  });

  it('turns kr into øre and back, in whole øre', () => {
    expect(krToOre(1950)).toBe(195000);
    expect(krToOre(12.5)).toBe(1250);
    expect(krToOre(0.1 + 0.2)).toBe(30);
    expect(oreToKr(ore(1250))).toBe(12.5);
    expect(PRICE_STEP_ORE).toBe(krToOre(PRICE_STEP_KR));
  });

  it('accepts an amount with at most two decimals, and takes a percent in whole øre', () => {
    expect(isWholeOre(12.5)).toBe(true);
    expect(isWholeOre(0.1 + 0.2)).toBe(true);
    expect(isWholeOre(12.505)).toBe(false);
    expect(percentOf(ore(195000), 10)).toBe(19500);
    expect(percentOf(ore(1999), 15)).toBe(300);
  });

  it('makes øre only from whole numbers, and sums them', () => {
    expect(ore(1250)).toBe(1250);
    expect(() => ore(12.5)).toThrow(RangeError);
    expect(() => ore(Number.NaN)).toThrow(RangeError);
    expect(sumOre([ore(100), ore(-30)])).toBe(70);
    expect(sumOre([])).toBe(0);
  });
});
