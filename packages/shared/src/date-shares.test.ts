import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateSharesOre } from './date-shares';

describe('dateSharesOre', () => {
  it('splits in whole øre with the remainder on the first dates', () => {
    expect(dateSharesOre(100_000, 3)).toEqual([33_334, 33_333, 33_333]);
    expect(dateSharesOre(170_000, 8)).toEqual(Array(8).fill(21_250));
    expect(dateSharesOre(5, 3)).toEqual([2, 2, 1]);
    expect(dateSharesOre(0, 2)).toEqual([0, 0]);
    expect(dateSharesOre(1_000, 0)).toEqual([]);
  });

  it('refuses øre fractions and negative amounts', () => {
    expect(() => dateSharesOre(10.5, 2)).toThrow(RangeError);
    expect(() => dateSharesOre(-1, 2)).toThrow(RangeError);
    expect(() => dateSharesOre(100, -1)).toThrow(RangeError);
  });

  it('adds up to the price, in whole øre that differ by at most one, largest first (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 60 }), (price, count) => {
        const shares = dateSharesOre(price, count);
        expect(shares).toHaveLength(count);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(price);
        for (const share of shares) expect(Number.isInteger(share)).toBe(true);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        expect([...shares].sort((a, b) => b - a)).toEqual(shares);
      }),
    );
  });

  it('adds up for prices that do not divide by the date count (property)', () => {
    const notDividing = fc
      .tuple(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 1, max: 100_000 }))
      .chain(([count, base]) => fc.tuple(fc.constant(count), fc.integer({ min: 1, max: count - 1 }).map((rest) => base * count + rest)));
    fc.assert(
      fc.property(notDividing, ([count, price]) => {
        expect(price % count).not.toBe(0);
        expect(dateSharesOre(price, count).reduce((a, b) => a + b, 0)).toBe(price);
      }),
    );
  });
});

