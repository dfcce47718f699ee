import { describe, expect, it } from 'vitest';
import { isNoCourseDay, isNorwegianHoliday, norwegianHolidayName, schoolHolidayOn } from './holidays';

describe('Norwegian holidays', () => {
  it('knows the public holidays, also the moving ones', () => {
    expect(norwegianHolidayName('2026-05-17')).toBe('Grunnlovsdagen');
    expect(isNorwegianHoliday('2027-05-17')).toBe(true);
    expect(norwegianHolidayName('2026-12-25')).toBe('Første juledag');
    expect(norwegianHolidayName('2027-03-29')).toBe('Andre påskedag'); // Easter Sunday 2027 is 28 March
    expect(norwegianHolidayName('2028-05-25')).toBe('Kristi himmelfartsdag');
    expect(isNorwegianHoliday('2026-12-24')).toBe(true); // julaften: the pools are closed
    expect(isNorwegianHoliday('2027-03-10')).toBe(false);
    expect(isNorwegianHoliday('2027-02-14')).toBe(false); // valentinsdag is an observance, not a holiday
  });

  it('reads an instant as its Oslo day', () => {
    // 16 May 2027 23:30 UTC is 17 May 01:30 in Oslo.
    expect(isNorwegianHoliday(new Date('2027-05-16T23:30:00Z'))).toBe(true);
    expect(isNorwegianHoliday(new Date('2027-05-17T22:30:00Z'))).toBe(false);
  });

  it('knows the school holidays: juleferie, vinterferie in week 8, påskeferie', () => {
    expect(schoolHolidayOn('2026-12-21')?.name).toBe('juleferie');
    expect(schoolHolidayOn('2027-01-02')?.name).toBe('juleferie');
    expect(schoolHolidayOn('2026-12-20')).toBeNull();
    expect(schoolHolidayOn('2027-01-03')).toBeNull();
    // Week 8 of 2027: Monday 22 – Sunday 28 February, with the weekend before.
    expect(schoolHolidayOn('2027-02-20')?.name).toBe('vinterferie');
    expect(schoolHolidayOn('2027-02-26')?.name).toBe('vinterferie');
    expect(schoolHolidayOn('2027-02-28')?.name).toBe('vinterferie');
    expect(schoolHolidayOn('2027-03-01')).toBeNull();
    expect(schoolHolidayOn('2027-02-19')).toBeNull();
    // Påske 2027: Saturday 20 March (before Palmesøndag) to Andre påskedag 29 March.
    expect(schoolHolidayOn('2027-03-20')?.name).toBe('påskeferie');
    expect(schoolHolidayOn('2027-03-24')?.name).toBe('påskeferie');
    expect(schoolHolidayOn('2027-03-30')).toBeNull();
    expect(isNoCourseDay('2027-03-22')).toBe(true);
    expect(isNoCourseDay('2027-04-05')).toBe(false);
  });
});
