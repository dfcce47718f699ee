import { ore, type Ore } from './money';

/** The one "share of a date": a price split over the order's dates in whole øre, the remainder to the first dates. */
export function dateSharesOre(priceOre: number, dateCount: number): Ore[] {
  if (!Number.isInteger(priceOre) || priceOre < 0) throw new RangeError(`price must be whole non-negative øre, got ${priceOre}`);
  if (!Number.isInteger(dateCount) || dateCount < 0) throw new RangeError(`date count must be a whole number, got ${dateCount}`);
  if (dateCount === 0) return [];
  const base = Math.floor(priceOre / dateCount);
  const remainder = priceOre - base * dateCount;
  return Array.from({ length: dateCount }, (_, i) => ore(base + (i < remainder ? 1 : 0)));
}
