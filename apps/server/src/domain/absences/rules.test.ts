import { describe, expect, it } from 'vitest';
import { absenceDeadline, earnsToken, makeupFits, tokenExpiry } from './rules';

const settings = { enabled: true, deadlineHours: 2, tokensPerCourse: 2, tokenMinDays: 60 };
const date = new Date('2027-03-10T09:00:00Z');

describe('absence rules (decision 061)', () => {
  it('the deadline is the set number of hours before the start, both ends included', () => {
    expect(absenceDeadline(date, settings).toISOString()).toBe('2027-03-10T07:00:00.000Z');
    expect(earnsToken({ date, reportedAt: new Date('2027-03-10T07:00:00Z'), tokensGivenOnCourse: 0 }, settings)).toBe(true);
    expect(earnsToken({ date, reportedAt: new Date('2027-03-10T07:00:01Z'), tokensGivenOnCourse: 0 }, settings)).toBe(false);
    expect(earnsToken({ date, reportedAt: new Date('2027-03-10T08:59:00Z'), tokensGivenOnCourse: 0 }, { ...settings, deadlineHours: 0 })).toBe(true);
  });

  it('gives at most the set number of tokens per course', () => {
    const early = new Date('2027-03-01T09:00:00Z');
    expect(earnsToken({ date, reportedAt: early, tokensGivenOnCourse: 1 }, settings)).toBe(true);
    expect(earnsToken({ date, reportedAt: early, tokensGivenOnCourse: 2 }, settings)).toBe(false);
    expect(earnsToken({ date, reportedAt: early, tokensGivenOnCourse: 0 }, { ...settings, tokensPerCourse: 0 })).toBe(false);
  });

  it('a token lasts to the end of the season or the set days, whichever is later', () => {
    // The season ends 2027-06-30: the end of that Oslo day (summer time, UTC+2).
    expect(tokenExpiry(date, '2027-06-30', settings).toISOString()).toBe('2027-06-30T22:00:00.000Z');
    // Late in the season: 60 days wins.
    const late = new Date('2027-06-20T09:00:00Z');
    expect(tokenExpiry(late, '2027-06-30', settings).toISOString()).toBe('2027-08-19T09:00:00.000Z');
    expect(tokenExpiry(date, null, settings).toISOString()).toBe('2027-05-09T09:00:00.000Z');
  });

  it('a date fits: same level, the age on that date, in the future, before the token expires', () => {
    const need = { levelId: 'L1', experienceLevel: 'Nybegynner', birthdate: '2026-09-15', expiresAt: new Date('2027-05-01T00:00:00Z'), now: new Date('2027-03-01T00:00:00Z') };
    const later = new Date('2027-03-20T09:00:00Z');
    const fits = { levelId: 'L1', experienceLevel: 'Viderekommen', ageMinMonths: 6, ageMaxMonths: 12, date: later };
    expect(makeupFits(need, fits)).toBe(true);
    expect(makeupFits(need, { ...fits, levelId: 'L2' })).toBe(false);
    expect(makeupFits(need, { ...fits, levelId: null })).toBe(false);
    // Five months old on 2027-03-14: too young that day; six on 2027-03-15.
    expect(makeupFits(need, { ...fits, date: new Date('2027-03-14T09:00:00Z') })).toBe(false);
    expect(makeupFits(need, { ...fits, date: new Date('2027-03-15T09:00:00Z') })).toBe(true);
    expect(makeupFits({ ...need, now: later }, fits)).toBe(false);
    expect(makeupFits({ ...need, expiresAt: later }, fits)).toBe(false);
    // A token from a course without a level: the same course type instead.
    expect(makeupFits({ ...need, levelId: null }, { ...fits, levelId: null, experienceLevel: 'Nybegynner' })).toBe(true);
    expect(makeupFits({ ...need, levelId: null }, { ...fits, levelId: null })).toBe(false);
  });
});
