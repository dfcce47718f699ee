import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import { ageBandMonths, buildDemoData } from './demo-data';
import { isNorwegianHoliday, schoolHolidayOn } from '@app/shared/holidays';
import { minutesOfDay, osloDateKey, osloWeekday } from '@app/shared';

/** The demo's course dates for a season, built as `npm start` would on that day. */
const seasons = [
  { name: '2026/27', now: new Date('2027-01-20T10:00:00Z') },
  { name: '2027/28', now: new Date('2028-01-19T10:00:00Z') },
  { name: '2028/29', now: new Date('2029-01-17T10:00:00Z') },
];

// Straight from the package, not through our helper: public and bank holidays (julaften, nyttårsaften).
const norway = new Holidays('NO');
const packageSaysHoliday = (date: Date) =>
  (norway.isHoliday(date) || []).some((h) => h.type === 'public' || h.type === 'bank');

describe.each(seasons)('demo season $name', ({ now }) => {
  const data = buildDemoData(now);
  const dated = data.courses.flatMap((course) => (course.dates ?? []).map((date) => ({ course, date })));

  it('has courses around now, every date in Oslo', () => {
    expect(data.courses.length).toBeGreaterThanOrEqual(60);
    expect(dated.length).toBeGreaterThan(400);
  });

  it('never puts a date on a Norwegian public holiday', () => {
    const onHoliday = dated.filter(({ date }) => packageSaysHoliday(date) || isNorwegianHoliday(date));
    expect(onHoliday.map(({ course, date }) => `${course.name} ${osloDateKey(date)}`)).toEqual([]);
  });

  it('never puts a date in juleferie, vinterferie or påskeferie', () => {
    const inHoliday = dated.filter(({ date }) => schoolHolidayOn(date));
    expect(inHoliday.map(({ course, date }) => `${course.name} ${osloDateKey(date)} ${schoolHolidayOn(date)!.name}`)).toEqual([]);
    // The season really crosses them (the check above is not empty by accident).
    const span = dated.map(({ date }) => osloDateKey(date)).sort();
    const year = now.getUTCFullYear();
    expect(span[0]! < `${year - 1}-12-21` && span.at(-1)! > `${year}-04-30`).toBe(true);
  });

  it('runs baby and toddler courses on weekday mornings or at weekends, children from 4 after school or at weekends', () => {
    const wrong = data.courses.filter((course) => {
      const weekday = osloWeekday(course.dates![0]!)!;
      const weekend = weekday === 0 || weekday === 6;
      const start = minutesOfDay(course.timeFrom)!;
      const schoolAge = (ageBandMonths(course.participantsAge ?? '')?.[0] ?? 0) >= 48;
      if (weekend) return false;
      return schoolAge ? start < 15 * 60 : start >= 13 * 60;
    });
    expect(wrong.map((c) => `${c.name} ${c.participantsAge} ${c.timeFrom}`)).toEqual([]);
  });

  it("uses 'Arrangement' only for one-off events of one or two dates", () => {
    const events = data.courses.filter((c) => c.experienceLevel === 'Arrangement');
    expect(events.length).toBeGreaterThanOrEqual(1);
    for (const event of events) expect(event.dates!.length).toBeLessThanOrEqual(2);
    for (const course of data.courses.filter((c) => c.experienceLevel !== 'Arrangement')) {
      expect(course.dates!.length).toBeGreaterThanOrEqual(6);
    }
  });

  it('gives every course a structured age range that matches its label', () => {
    for (const course of data.courses) {
      const band = ageBandMonths(course.participantsAge ?? '')!;
      expect(course.ageMinMonths).toBe(band[0]);
      expect(course.ageMaxMonths).toBeGreaterThanOrEqual(band[1]);
      expect(course.ageMaxMonths).toBeLessThan(band[1] + 12);
    }
  });
});
