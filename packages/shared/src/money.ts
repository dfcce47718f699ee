/** Money (convention 7): integer øre everywhere; only this module converts kr/øre and (with `oreColumn`) writes `as Ore`. */
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

/** percent % of an amount, rounded down to whole øre: a discount never gives a part of an øre too much. */
export const percentOfDown = (amount: Ore, percent: number): Ore => Math.floor((amount * percent) / 100) as Ore;

const WITH_ORE = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' });
const WHOLE_KR = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0, signDisplay: 'negative' });

/** 195000 → '1 950 kr', 1250 → '12,50 kr'; no-break spaces on screen, ordinary ones in e-mails and PDFs. */
export function formatKr(amount: Ore, options: { for: 'screen' | 'email' } = { for: 'screen' }): string {
  const whole = Math.round(amount) % 100 === 0;
  const text = `${whole ? WHOLE_KR.format(Math.round(amount) / 100) : WITH_ORE.format(amount / 100)}\u00a0kr`;
  return options.for === 'email' ? text.replace(/[\u00a0\u202f]/g, ' ') : text;
}
