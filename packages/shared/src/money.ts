/**
 * Money (convention 7): integer øre in the database, on the Vipps wire and in every rule; kr only in the spec's JSON
 * (`price`, `amount`) and on screen. This is the one module that turns one into the other, and the one amount format
 * (open-issues decisions 'Money': øre only when there are any, '1 700 kr', '12,50 kr'). ESLint refuses `/ 100` and
 * `* 100` anywhere else.
 *
 * An amount in øre has the branded type `Ore`, so kr and counts cannot be passed where øre are meant. It is made only
 * by `ore(n)`, which refuses a fraction (a fraction of an øre is a bug, not a rounding question), by the functions
 * here that round (`krToOre`, `percentOf`), by `sumOre`, by the database's øre columns (`oreColumn`) and by the
 * contract's øre fields (`oreAmount`). Only this module and `oreColumn` may write `as Ore`.
 */
import { LOCALE } from './constants';
import type { z } from './zod';

/** A whole number of øre: zod's brand, so the contract's `oreAmount` fields parse to it (api/common.ts). */
export type Ore = number & z.$brand<'Ore'>;

/** n øre; throws on a fraction or a non-number, which would be a bug upstream. */
export function ore(n: number): Ore {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number of øre: ${n}`);
  return n as Ore;
}

/** The sum of amounts in øre (0 for none). */
export const sumOre = (amounts: Iterable<Ore>): Ore => {
  let sum = 0;
  for (const a of amounts) sum += a;
  return sum as Ore;
};

/** kr as the spec's JSON carries them (1950.5), from øre. */
export const oreToKr = (amount: Ore): number => amount / 100;

/** øre from kr typed or sent as the spec's JSON; rounded to whole øre. */
export const krToOre = (kr: number): Ore => Math.round(kr * 100) as Ore;

/** True when kr has no part smaller than one øre (12.5 yes, 12.505 no): what a form accepts as an amount. */
export const isWholeOre = (kr: number): boolean => Math.abs(kr * 100 - Math.round(kr * 100)) < 1e-6;

/** percent % of an amount, in whole øre. */
export const percentOf = (amount: Ore, percent: number): Ore => Math.round((amount * percent) / 100) as Ore;

const WITH_ORE = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' });
const WHOLE_KR = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0, signDisplay: 'negative' });

/**
 * An amount in øre as nb-NO writes it: 195000 → '1 950 kr', 1250 → '12,50 kr'. On a screen the spaces are no-break
 * spaces, so '1 950 kr' never breaks over two lines; in an e-mail or a PDF they are ordinary spaces, which every
 * reader keeps. (A spreadsheet gets a number, `oreToKr`, so its sums work.)
 */
export function formatKr(amount: Ore, options: { for: 'screen' | 'email' } = { for: 'screen' }): string {
  const whole = Math.round(amount) % 100 === 0;
  const text = `${whole ? WHOLE_KR.format(Math.round(amount) / 100) : WITH_ORE.format(amount / 100)}\u00a0kr`;
  return options.for === 'email' ? text.replace(/[\u00a0\u202f]/g, ' ') : text;
}
