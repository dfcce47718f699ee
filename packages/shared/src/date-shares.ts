import { ore, sumOre, type Ore } from './money';

/**
 * The one "share of a date" (open-issues-decisions, Money): a price (a course's price, or the pro-rata price paid)
 * split over the dates the order covers, in whole øre. The remainder goes to the first dates, one øre each, so the
 * shares always add up to the price. Refunds, credits and cancellations all use it.
 */
export function dateSharesOre(priceOre: number, dateCount: number): Ore[] {
  if (!Number.isInteger(priceOre) || priceOre < 0) throw new RangeError(`price must be whole non-negative øre, got ${priceOre}`);
  if (!Number.isInteger(dateCount) || dateCount < 0) throw new RangeError(`date count must be a whole number, got ${dateCount}`);
  if (dateCount === 0) return [];
  const base = Math.floor(priceOre / dateCount);
  const remainder = priceOre - base * dateCount;
  return Array.from({ length: dateCount }, (_, i) => ore(base + (i < remainder ? 1 : 0)));
}

/** The shares of the last `remaining` of `dateCount` dates (those not yet started): what they are worth together. */
export function remainingSharesOre(priceOre: number, dateCount: number, remaining: number): Ore {
  const shares = dateSharesOre(priceOre, dateCount);
  const from = Math.max(0, dateCount - Math.max(0, remaining));
  return sumOre(shares.slice(from));
}
