import { PRICE_STEP_ORE } from './constants';
import { dateSharesOre } from './date-shares';
import { osloDateKey } from './format';
import { ore, sumOre, type Ore } from './money';

/** Booking rules: the server decides with them; the web uses the age helpers to mark children in the dropdown. */

type DateLike = Date | string;
const ms = (value: DateLike) => (value instanceof Date ? value : new Date(value)).getTime();

/** started: late booking is open (remaining dates, maybe pro rata); closed: started and late booking closed. */
export const COURSE_BOOKING_STATES = ['open', 'started', 'closed', 'ended'] as const;
export type CourseBookingState = (typeof COURSE_BOOKING_STATES)[number];

export interface LateBookingCourse {
  dates: readonly DateLike[];
  priceOre: Ore;
  /** Null: the default (open until half the dates have passed). */
  lateBookingMaxPassed: number | null;
  proRata: boolean;
  /** Dates of `dates` that will not take place ('Avlyst'): a booking made now neither gets nor pays for them. */
  cancelledDates?: readonly DateLike[];
}

export interface CourseBooking {
  state: CourseBookingState;
  /** The dates a booking made now covers (none when it cannot be booked); never a cancelled one. */
  remainingDates: Date[];
  /** What a booking made now costs, øre; whole 25 kr steps when reduced. */
  priceOre: Ore;
  passedCount: number;
}

/** Default late-booking limit: open while fewer than half the dates have passed (10 dates: up to 4 passed). */
export const defaultLateBookingMaxPassed = (dateCount: number): number => Math.max(0, Math.ceil(dateCount / 2) - 1);

/** The price for `remaining` of `total` dates, rounded to the nearest 25 kr (never below 0). */
export function proRataPriceOre(priceOre: Ore, remaining: number, total: number): Ore {
  if (total <= 0 || remaining >= total) return priceOre;
  const stepOre = PRICE_STEP_ORE;
  return ore(Math.max(0, Math.round((priceOre * remaining) / total / stepOre) * stepOre));
}

/** A date has passed once it has started (its timestamp is the start time). */
export function courseBooking(course: LateBookingCourse, now: Date): CourseBooking {
  const dates = course.dates.map((d) => new Date(ms(d))).sort((a, b) => a.getTime() - b.getTime());
  const remaining = dates.filter((d) => d.getTime() > now.getTime());
  const passedCount = dates.length - remaining.length;
  if (passedCount > 0 && remaining.length === 0) return { state: 'ended', remainingDates: [], priceOre: course.priceOre, passedCount };
  const maxPassed = course.lateBookingMaxPassed ?? defaultLateBookingMaxPassed(dates.length);
  if (passedCount > maxPassed) return { state: 'closed', remainingDates: [], priceOre: course.priceOre, passedCount };
  const priceOre = passedCount > 0 && course.proRata ? proRataPriceOre(course.priceOre, remaining.length, dates.length) : course.priceOre;
  const held = withoutCancelled(remaining, priceOre, course.cancelledDates ?? []);
  if (remaining.length > 0 && held.dates.length === 0) return { state: 'ended', remainingDates: [], priceOre: course.priceOre, passedCount };
  return { state: passedCount === 0 ? 'open' : 'started', remainingDates: held.dates, priceOre: held.priceOre, passedCount };
}

/** A date cancelled before the booking is not sold: its `dateSharesOre` share is left out of the price. */
function withoutCancelled(remaining: Date[], priceOre: Ore, cancelledDates: readonly DateLike[]): { dates: Date[]; priceOre: Ore } {
  if (cancelledDates.length === 0) return { dates: remaining, priceOre };
  const cancelled = new Set(cancelledDates.map(ms));
  const shares = dateSharesOre(priceOre, remaining.length);
  const kept = remaining.map((date, i) => ({ date, share: shares[i]! })).filter((d) => !cancelled.has(d.date.getTime()));
  return { dates: kept.map((d) => d.date), priceOre: sumOre(kept.map((d) => d.share)) };
}

// ---- age --------------------------------------------------------------------------------------------------

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day as it is ('YYYY-MM-DD', a birth date), else the Oslo day of the instant. */
const dayKey = (value: DateLike) => (typeof value === 'string' && DAY_KEY.test(value) ? value : osloDateKey(value));
/** Whole months from a birth date to the Oslo calendar day of `at`; null for an invalid date. */
export function ageInMonths(birthdate: DateLike, at: DateLike): number | null {
  const bKey = dayKey(birthdate);
  const aKey = dayKey(at);
  if (!bKey || !aKey) return null;
  const [by, bm, bd] = bKey.split('-').map(Number) as [number, number, number];
  const [ay, am, ad] = aKey.split('-').map(Number) as [number, number, number];
  return (ay - by) * 12 + (am - bm) - (ad < bd ? 1 : 0);
}

export interface AgeRange {
  ageMinMonths: number | null;
  ageMaxMonths: number | null;
}

/** Whole months at the first date within the range ('6–12 mnd' takes a child until 13 months); missing data fits. */
export function ageFits(range: AgeRange, birthdate: DateLike | null | undefined, firstDate: DateLike | null | undefined): boolean {
  if (!birthdate || !firstDate) return true;
  const months = ageInMonths(birthdate, firstDate);
  if (months === null) return true;
  if (range.ageMinMonths !== null && months < range.ageMinMonths) return false;
  if (range.ageMaxMonths !== null && months > range.ageMaxMonths) return false;
  return true;
}

/** An age in months as a parent says it: '7 mnd' under 2 years, else '3 år' or '3 år og 4 mnd'. */
export function formatAgeMonths(months: number): string {
  if (months < 24) return `${Math.max(0, months)} mnd`;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return rest === 0 ? `${years} år` : `${years} år og ${rest} mnd`;
}

/** '6–12 mnd', '2–4 år' (24–59 months), 'fra 6 mnd', 'til og med 12 mnd'; '' without a range. */
export function formatAgeRange(range: AgeRange): string {
  const { ageMinMonths: min, ageMaxMonths: max } = range;
  if (min === null && max === null) return '';
  const inYears = (min === null || (min >= 12 && min % 12 === 0)) && (max === null || (max >= 23 && (max + 1) % 12 === 0));
  const unit = inYears ? 'år' : 'mnd';
  const value = (m: number) => (inYears ? Math.floor(m / 12) : m);
  if (min !== null && max !== null) return `${value(min)}–${value(max)} ${unit}`;
  if (min !== null) return `fra ${value(min)} ${unit}`;
  return `til og med ${value(max!)} ${unit}`;
}
