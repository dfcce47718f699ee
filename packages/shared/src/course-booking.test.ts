import { describe, expect, it } from 'vitest';
import { ageFits, ageInMonths, courseBooking, defaultLateBookingMaxPassed, formatAgeMonths, formatAgeRange, proRataPriceOre } from './course-booking';
import { ore } from './money';

const weekly = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) => new Date(new Date(first).getTime() + i * 7 * 86_400_000));

describe('late booking', () => {
  const dates = weekly('2027-01-11T09:00:00Z', 10);
  const course = { dates, priceOre: ore(250_000), lateBookingMaxPassed: null, proRata: true };
  const after = (n: number) => new Date(dates[n - 1]!.getTime() + 60_000);

  it('is open at full price before the first date', () => {
    const b = courseBooking(course, new Date('2027-01-11T08:59:00Z'));
    expect(b).toMatchObject({ state: 'open', priceOre: 250_000, passedCount: 0 });
    expect(b.remainingDates).toHaveLength(10);
  });

  it('counts a date as passed once it has started', () => {
    expect(courseBooking(course, dates[0]!).state).toBe('started');
  });

  it('stays open until half the dates have passed, with the remaining dates pro rata', () => {
    const b = courseBooking(course, after(4));
    expect(b.state).toBe('started');
    expect(b.remainingDates.map((d) => d.toISOString())).toEqual(dates.slice(4).map((d) => d.toISOString()));
    expect(b.priceOre).toBe(150_000);
    expect(courseBooking(course, after(5)).state).toBe('closed');
    expect(courseBooking(course, after(10)).state).toBe('ended');
  });

  it('follows the admin: closed from the start, or open longer, or full price', () => {
    expect(courseBooking({ ...course, lateBookingMaxPassed: 0 }, after(1)).state).toBe('closed');
    expect(courseBooking({ ...course, lateBookingMaxPassed: 8 }, after(8))).toMatchObject({ state: 'started', priceOre: 50_000 });
    expect(courseBooking({ ...course, proRata: false }, after(3)).priceOre).toBe(250_000);
  });

  it('money event "date cancelled before booking": the cancelled date is neither sold nor counted (I1)', () => {
    // 2 500 kr over 10 dates: 250 kr a date; the third is cancelled.
    const cancelled = { ...course, cancelledDates: [dates[2]!.toISOString()] };
    const b = courseBooking(cancelled, new Date('2027-01-01T00:00:00Z'));
    expect(b).toMatchObject({ state: 'open', priceOre: 225_000, passedCount: 0 });
    expect(b.remainingDates).toHaveLength(9);
    expect(b.remainingDates.map((d) => d.toISOString())).not.toContain(dates[2]!.toISOString());
    // Whole øre: 1 000,01 kr over 3 dates is 333,34 + 333,34 + 333,33 (the remainder to the first dates), and the
    // first date cancelled leaves the last two.
    const odd = { dates: dates.slice(0, 3), priceOre: ore(100_001), lateBookingMaxPassed: null, proRata: true, cancelledDates: [dates[0]!] };
    expect(courseBooking(odd, new Date('2027-01-01T00:00:00Z')).priceOre).toBe(33_334 + 33_333);
    // A late booking: the pro-rata price of the remaining dates, less the cancelled one's share of it.
    expect(courseBooking({ ...course, cancelledDates: [dates[6]!] }, after(4)).priceOre).toBe(125_000);
    // Every remaining date cancelled: nothing left to sell.
    expect(courseBooking({ ...course, lateBookingMaxPassed: 8, cancelledDates: dates.slice(8) }, after(8)).state).toBe('ended');
  });

  it('rounds the reduced price to the nearest 25 kr', () => {
    expect(proRataPriceOre(ore(195_000), 5, 8)).toBe(122_500); // 1218.75 kr → 1225 kr
    expect(proRataPriceOre(ore(199_000), 2, 3)).toBe(132_500); // 1326.67 kr → 1325 kr
    expect(proRataPriceOre(ore(100_000), 8, 8)).toBe(100_000);
    expect(defaultLateBookingMaxPassed(9)).toBe(4);
    expect(defaultLateBookingMaxPassed(8)).toBe(3);
  });
});

describe('age range', () => {
  const range = { ageMinMonths: 6, ageMaxMonths: 12 };
  it('counts whole months on the Oslo calendar', () => {
    expect(ageInMonths('2026-03-15', '2027-03-14T10:00:00Z')).toBe(11);
    expect(ageInMonths('2026-03-15', '2027-03-15T10:00:00Z')).toBe(12);
  });
  it('takes a child from the minimum until it is a month past the maximum', () => {
    const first = '2027-03-15T09:00:00Z';
    expect(ageFits(range, '2026-09-16', first)).toBe(false); // 5 months
    expect(ageFits(range, '2026-09-15', first)).toBe(true); // 6 months
    expect(ageFits(range, '2026-02-16', first)).toBe(true); // 12 months
    expect(ageFits(range, '2026-02-15', first)).toBe(false); // 13 months
    expect(ageFits({ ageMinMonths: null, ageMaxMonths: null }, '2020-01-01', first)).toBe(true);
  });
  it('says ages and ranges as a parent does', () => {
    expect(formatAgeMonths(7)).toBe('7 mnd');
    expect(formatAgeMonths(38)).toBe('3 år og 2 mnd');
    expect(formatAgeMonths(36)).toBe('3 år');
    expect(formatAgeRange(range)).toBe('6–12 mnd');
    expect(formatAgeRange({ ageMinMonths: 24, ageMaxMonths: 59 })).toBe('2–4 år');
    expect(formatAgeRange({ ageMinMonths: 12, ageMaxMonths: 35 })).toBe('1–2 år');
    expect(formatAgeRange({ ageMinMonths: 6, ageMaxMonths: null })).toBe('fra 6 mnd');
  });
});
