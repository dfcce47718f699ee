import { describe, expect, it } from 'vitest';
import {
  axisLabel,
  axisTicks,
  bucketFor,
  chartPoints,
  DAY_MS,
  HOUR_MS,
  noOrdersMessage,
  osloMidnight,
  periodRange,
  STATISTICS_PERIODS,
  tooltipLabel,
} from './statistics';

const at = (iso: string) => new Date(iso);
const t = (iso: string) => Date.parse(iso);

describe('bucket size (spec §9)', () => {
  it('hours up to 7 days from first to last order, whole days above', () => {
    const first = at('2025-11-01T10:00:00Z');
    expect(bucketFor(first, first)).toBe('hour');
    expect(bucketFor(first, new Date(first.getTime() + 7 * DAY_MS))).toBe('hour');
    expect(bucketFor(first, new Date(first.getTime() + 7 * DAY_MS + 1))).toBe('day');
  });
});

describe('zero padding for the line', () => {
  const buckets = [
    { t: t('2025-11-03T10:00:00Z'), count: 2 },
    { t: t('2025-11-03T11:00:00Z'), count: 1 },
    { t: t('2025-11-03T14:00:00Z'), count: 3 },
  ];

  it('adds a zero one hour before and after each hourly bucket, never over a real one; markers only on real ones', () => {
    const points = chartPoints(buckets, 'hour', 'line');
    expect(points.map((p) => [new Date(p.t).toISOString().slice(11, 13), p.count, p.real])).toEqual([
      ['09', 0, false],
      ['10', 2, true],
      ['11', 1, true],
      ['12', 0, false],
      ['13', 0, false],
      ['14', 3, true],
      ['15', 0, false],
    ]);
  });

  it('columns and daily buckets are drawn as they are', () => {
    expect(chartPoints(buckets, 'hour', 'column')).toEqual(buckets.map((b) => ({ ...b, real: true })));
    const days = [
      { t: t('2025-11-01T00:00:00Z'), count: 4 },
      { t: t('2025-11-05T00:00:00Z'), count: 1 },
    ];
    expect(chartPoints(days, 'day', 'line')).toEqual(days.map((b) => ({ ...b, real: true })));
  });

  it('no orders, no points', () => {
    expect(chartPoints([], 'hour', 'line')).toEqual([]);
  });
});

describe('labels in Oslo time', () => {
  it('days: weekday plus day.month', () => {
    expect(axisLabel(t('2025-11-03T00:00:00Z'), 'day')).toBe('man. 3.11');
    expect(axisLabel(t('2025-06-01T00:00:00Z'), 'day')).toBe('søn. 1.6');
  });

  it('hours: day.month plus kl. and the Oslo hour', () => {
    expect(axisLabel(t('2025-11-03T13:00:00Z'), 'hour')).toBe('3.11 kl. 14');
    expect(axisLabel(t('2025-07-03T13:00:00Z'), 'hour')).toBe('3.7 kl. 15');
    expect(axisLabel(t('2025-12-31T23:00:00Z'), 'hour')).toBe('1.1 kl. 00');
  });

  it('spring forward (30 March 2025): 01:00 UTC is 03:00 in Oslo, 02:00 never happens', () => {
    expect(axisLabel(t('2025-03-30T00:00:00Z'), 'hour')).toBe('30.3 kl. 01');
    expect(axisLabel(t('2025-03-30T01:00:00Z'), 'hour')).toBe('30.3 kl. 03');
  });

  it('fall back (26 October 2025): two UTC hours both read 02 in Oslo', () => {
    expect(axisLabel(t('2025-10-26T00:00:00Z'), 'hour')).toBe('26.10 kl. 02');
    expect(axisLabel(t('2025-10-26T01:00:00Z'), 'hour')).toBe('26.10 kl. 02');
    expect(axisLabel(t('2025-10-26T02:00:00Z'), 'hour')).toBe('26.10 kl. 03');
  });

  it('tooltips: Norwegian weekday and date, plus hour and minute for hourly buckets', () => {
    expect(tooltipLabel(t('2025-11-03T00:00:00Z'), 'day')).toBe('mandag 3. november 2025');
    expect(tooltipLabel(t('2025-07-01T12:00:00Z'), 'hour')).toBe('tirsdag 1. juli 2025 kl. 14:00');
    expect(tooltipLabel(t('2025-03-30T01:00:00Z'), 'hour')).toBe('søndag 30. mars 2025 kl. 03:00');
    // 23:00 UTC on New Year's Eve is already the next day in Oslo.
    expect(tooltipLabel(t('2025-12-31T23:00:00Z'), 'hour')).toBe('torsdag 1. januar 2026 kl. 00:00');
  });
});

describe('periods in the Oslo calendar', () => {
  it('has the six buttons and titles of the spec, in order', () => {
    expect(STATISTICS_PERIODS.map((p) => p.button)).toEqual([
      'Hent data for siste 7 dager',
      'Hent data for siste 30 dager',
      'Hent data for denne måned',
      'Hent data for forrige måned',
      'Hent data for i år',
      'Hent data for i fjor',
    ]);
    expect(STATISTICS_PERIODS.map((p) => p.title)).toEqual(['Siste 7 dager', 'Siste 30 dager', 'Denne måned', 'Forrige måned', 'I år', 'I fjor']);
  });

  it('Oslo midnight is 23:00 UTC in winter and 22:00 UTC in summer, across the DST changes', () => {
    expect(osloMidnight(2025, 3, 30).toISOString()).toBe('2025-03-29T23:00:00.000Z');
    expect(osloMidnight(2025, 3, 31).toISOString()).toBe('2025-03-30T22:00:00.000Z');
    expect(osloMidnight(2025, 10, 26).toISOString()).toBe('2025-10-25T22:00:00.000Z');
    expect(osloMidnight(2025, 10, 27).toISOString()).toBe('2025-10-26T23:00:00.000Z');
    expect(osloMidnight(2025, 13, 1).toISOString()).toBe('2025-12-31T23:00:00.000Z');
  });

  it('rolling and calendar periods', () => {
    const now = at('2025-03-15T10:00:00Z');
    const iso = (r: { start: Date; end: Date }) => [r.start.toISOString(), r.end.toISOString()];
    expect(iso(periodRange('last7', now))).toEqual(['2025-03-08T10:00:00.000Z', now.toISOString()]);
    expect(iso(periodRange('last30', now))).toEqual(['2025-02-13T10:00:00.000Z', now.toISOString()]);
    expect(iso(periodRange('thisMonth', now))).toEqual(['2025-02-28T23:00:00.000Z', now.toISOString()]);
    expect(iso(periodRange('lastMonth', now))).toEqual(['2025-01-31T23:00:00.000Z', '2025-02-28T23:00:00.000Z']);
    expect(iso(periodRange('thisYear', now))).toEqual(['2024-12-31T23:00:00.000Z', now.toISOString()]);
    expect(iso(periodRange('lastYear', now))).toEqual(['2023-12-31T23:00:00.000Z', '2024-12-31T23:00:00.000Z']);
    // Summer time, and January's "last month" is December of the year before.
    expect(periodRange('thisMonth', at('2025-07-10T08:00:00Z')).start.toISOString()).toBe('2025-06-30T22:00:00.000Z');
    expect(iso(periodRange('lastMonth', at('2026-01-05T08:00:00Z')))).toEqual(['2025-11-30T23:00:00.000Z', '2025-12-31T23:00:00.000Z']);
    // 00:30 on 1 April in Oslo is still 31 March in UTC: the month is Oslo's.
    expect(periodRange('thisMonth', at('2025-03-31T22:30:00Z')).start.toISOString()).toBe('2025-03-31T22:00:00.000Z');
  });

  it('empty message: "Fant ingen ordre " plus the lower-case period label', () => {
    expect(noOrdersMessage('Siste 7 dager')).toBe('Fant ingen ordre siste 7 dager');
    expect(noOrdersMessage('I fjor')).toBe('Fant ingen ordre i fjor');
  });
});

describe('x-axis ticks (spec §9: every 24 h for days, every 8 h for hours)', () => {
  it('days: every midnight UTC from the first to the last, both included', () => {
    expect(axisTicks(t('2025-11-02T12:00:00Z'), t('2025-11-05T00:00:00Z'), 'day').map((v) => new Date(v).toISOString())).toEqual([
      '2025-11-03T00:00:00.000Z',
      '2025-11-04T00:00:00.000Z',
      '2025-11-05T00:00:00.000Z',
    ]);
  });

  it('hours: 00, 08 and 16 on Oslo’s clock, in winter and in summer', () => {
    const hours = (from: string, to: string) => axisTicks(t(from), t(to), 'hour').map((v) => axisLabel(v, 'hour'));
    expect(hours('2025-11-03T00:00:00Z', '2025-11-04T00:00:00Z')).toEqual(['3.11 kl. 08', '3.11 kl. 16', '4.11 kl. 00']);
    expect(hours('2025-06-03T00:00:00Z', '2025-06-04T00:00:00Z')).toEqual(['3.6 kl. 08', '3.6 kl. 16', '4.6 kl. 00']);
  });

  it('across the daylight-saving changes the ticks stay on Oslo’s 00/08/16 (one gap of 7 or 9 hours)', () => {
    const spring = axisTicks(t('2025-03-29T20:00:00Z'), t('2025-03-30T16:00:00Z'), 'hour');
    expect(spring.map((v) => axisLabel(v, 'hour'))).toEqual(['30.3 kl. 00', '30.3 kl. 08', '30.3 kl. 16']);
    expect(spring[1]! - spring[0]!).toBe(7 * HOUR_MS);
    const autumn = axisTicks(t('2025-10-25T22:00:00Z'), t('2025-10-26T16:00:00Z'), 'hour');
    expect(autumn.map((v) => axisLabel(v, 'hour'))).toEqual(['26.10 kl. 00', '26.10 kl. 08', '26.10 kl. 16']);
    expect(autumn[1]! - autumn[0]!).toBe(9 * HOUR_MS);
  });

  it('nothing for an empty or reversed range', () => {
    expect(axisTicks(10, 5, 'hour')).toEqual([]);
    expect(axisTicks(Number.NaN, 5, 'day')).toEqual([]);
  });
});
