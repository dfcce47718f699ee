/**
 * Money (convention 7): integer øre in the database, on the Vipps wire and in every rule; kr only in the spec's JSON
 * (`price`, `amount`) and on screen. This is the one module that turns one into the other, and the one amount format
 * (open-issues decisions 'Money': øre only when there are any, '1 700 kr', '12,50 kr'). ESLint refuses `/ 100` and
 * `* 100` anywhere else.
 */
import { LOCALE } from './constants';

/** kr as the spec's JSON carries them (1950.5), from øre. */
export const oreToKr = (ore: number): number => ore / 100;

/** øre from kr typed or sent as the spec's JSON; rounded to whole øre. */
export const krToOre = (kr: number): number => Math.round(kr * 100);

/** True when kr has no part smaller than one øre (12.5 yes, 12.505 no): what a form accepts as an amount. */
export const isWholeOre = (kr: number): boolean => Math.abs(kr * 100 - Math.round(kr * 100)) < 1e-6;

/** percent % of an amount, in whole øre. */
export const percentOf = (ore: number, percent: number): number => Math.round((ore * percent) / 100);

const WITH_ORE = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' });
const WHOLE_KR = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0, signDisplay: 'negative' });

/**
 * An amount in øre as nb-NO writes it: 195000 → '1 950 kr', 1250 → '12,50 kr'. On a screen the spaces are no-break
 * spaces, so '1 950 kr' never breaks over two lines; in an e-mail or a PDF they are ordinary spaces, which every
 * reader keeps. (A spreadsheet gets a number, `oreToKr`, so its sums work.)
 */
export function formatKr(ore: number, options: { for: 'screen' | 'email' } = { for: 'screen' }): string {
  const whole = Math.round(ore) % 100 === 0;
  const text = `${whole ? WHOLE_KR.format(Math.round(ore) / 100) : WITH_ORE.format(ore / 100)}\u00a0kr`;
  return options.for === 'email' ? text.replace(/[\u00a0\u202f]/g, ' ') : text;
}
