import { describe, expect, it } from 'vitest';
import { osloDateKey } from './format';
import {
  addMinutes,
  courseDateAt,
  courseDates,
  endTimeFor,
  htmlToLineBreaks,
  monthRange,
  parseTypedDay,
  stripMarkup,
} from './course-form';

describe('course form rules (spec §5)', () => {
  it('ends 30 minutes after the start, across the hour and midnight', () => {
    expect(endTimeFor('07:00')).toBe('07:30');
    expect(endTimeFor('09:45')).toBe('10:15');
    expect(endTimeFor('23:45')).toBe('00:15');
    expect(addMinutes('00:10', -20)).toBe('23:50');
  });

  it('gives each chosen day the start time in Oslo, or 12:00 without one, summer and winter', () => {
    expect(courseDateAt('2026-01-12', '07:00')).toBe('2026-01-12T06:00:00.000Z');
    expect(courseDateAt('2026-06-15', '07:00')).toBe('2026-06-15T05:00:00.000Z');
    expect(courseDateAt('2026-01-12', '')).toBe('2026-01-12T11:00:00.000Z');
    expect(courseDateAt('2026-01-12', null)).toBe('2026-01-12T11:00:00.000Z');
    // The day DST starts (29 March 2026): 07:00 is already summer time.
    expect(courseDateAt('2026-03-29', '07:00')).toBe('2026-03-29T05:00:00.000Z');
    expect(osloDateKey('2026-01-11T23:30:00.000Z')).toBe('2026-01-12');
  });

  it('sorts and deduplicates the chosen days', () => {
    expect(courseDates(['2026-02-02', '2026-01-26', '2026-02-02'], '10:00')).toEqual([
      '2026-01-26T09:00:00.000Z',
      '2026-02-02T09:00:00.000Z',
    ]);
  });

  it('reads typed days as YYYY-MM-DD or DD.MM.YYYY, real days only', () => {
    expect(parseTypedDay('2026-03-09')).toBe('2026-03-09');
    expect(parseTypedDay(' 9.3.2026 ')).toBe('2026-03-09');
    expect(parseTypedDay('2026-02-30')).toBeNull();
    expect(parseTypedDay('2026-3-9')).toBeNull();
    expect(parseTypedDay('i morgen')).toBeNull();
  });

  it('turns a complete month range into first day 00:00 to last day 23:59:59 (Oslo); anything else is no range', () => {
    expect(monthRange('2026-01', '2026-02')).toEqual({
      startDate: Date.parse('2025-12-31T23:00:00.000Z'),
      endDate: Date.parse('2026-02-28T22:59:59.000Z'),
    });
    expect(monthRange('2028-02', '2028-02')!.endDate).toBe(Date.parse('2028-02-29T22:59:59.000Z'));
    expect(monthRange('2026-06', '2026-06')!.endDate).toBe(Date.parse('2026-06-30T21:59:59.000Z'));
    expect(monthRange('2026-03', '')).toBeNull();
    expect(monthRange('', '2026-03')).toBeNull();
    expect(monthRange('2026-04', '2026-03')).toBeNull();
  });

  it('strips markup from venue info and turns course-info tags into line breaks', () => {
    expect(stripMarkup('<p>Parkering <b>bak</b> hallen</p>')).toBe('Parkering bak hallen');
    expect(htmlToLineBreaks('<p>Ta med badebleie.</p><p>Møt opp&nbsp;10 min før.</p>')).toBe('Ta med badebleie.\nMøt opp 10 min før.');
    expect(htmlToLineBreaks('Linje 1<br>Linje 2')).toBe('Linje 1\nLinje 2');
    expect(htmlToLineBreaks('Ingen tagger')).toBe('Ingen tagger');
  });
});
