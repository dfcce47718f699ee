/** The order statistics panel (spec §2, §4, §9): periods, buckets, padding, labels; shared by server and chart. */
import { LOCALE, STATISTICS_DAILY_ABOVE_DAYS, TIME_ZONE } from './constants';
import { osloOffsetMs, osloTime } from './format';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export type StatisticsPeriod = 'last7' | 'last30' | 'thisMonth' | 'lastMonth' | 'thisYear' | 'lastYear';

/** The six period buttons, in the spec's order, with the chart title each gives. */
export const STATISTICS_PERIODS: readonly { key: StatisticsPeriod; button: string; title: string }[] = [
  { key: 'last7', button: 'Hent data for siste 7 dager', title: 'Siste 7 dager' },
  { key: 'last30', button: 'Hent data for siste 30 dager', title: 'Siste 30 dager' },
  { key: 'thisMonth', button: 'Hent data for denne måned', title: 'Denne måned' },
  { key: 'lastMonth', button: 'Hent data for forrige måned', title: 'Forrige måned' },
  { key: 'thisYear', button: 'Hent data for i år', title: 'I år' },
  { key: 'lastYear', button: 'Hent data for i fjor', title: 'I fjor' },
];
/** The title after 'Hent graf' (which loads the last 30 days) and before any period button. */
export const STATISTICS_INITIAL_TITLE = 'Siste ordre';
export const STATISTICS_DEFAULT_PERIOD: StatisticsPeriod = 'last30';
export const STATISTICS_SERIES_NAME = 'Betalte ordre';
export const STATISTICS_Y_AXIS_TITLE = 'Antall betalte ordre';

/** 'Fant ingen ordre ' plus the lower-case period label. */
export const noOrdersMessage = (title: string): string => `Fant ingen ordre ${title.toLocaleLowerCase(LOCALE)}`;

// ---- Oslo calendar ------------------------------------------------------------------------------------------------

function osloFields(date: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const local = new Date(date.getTime() + osloOffsetMs(date.getTime()));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The instant of Oslo midnight starting a calendar day (month is 1-based; overflowing values roll over). */
export const osloMidnight = (year: number, month: number, day: number): Date => osloTime(year, month, day, '00:00');

/** 'YYYY-MM-DD' as the instant its Oslo day starts, `plusDays` later (1: where that day ends, exclusive). */
export function osloDayStart(day: string, plusDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return osloMidnight(year, month, date + plusDays);
}

/** [start, end) of a period, in Oslo's calendar: rolling periods end now, calendar ones at their end. */
export function periodRange(period: StatisticsPeriod, now: Date): { start: Date; end: Date } {
  const o = osloFields(now);
  switch (period) {
    case 'last7':
      return { start: new Date(now.getTime() - 7 * DAY_MS), end: now };
    case 'last30':
      return { start: new Date(now.getTime() - 30 * DAY_MS), end: now };
    case 'thisMonth':
      return { start: osloMidnight(o.year, o.month, 1), end: now };
    case 'lastMonth':
      return { start: osloMidnight(o.year, o.month - 1, 1), end: osloMidnight(o.year, o.month, 1) };
    case 'thisYear':
      return { start: osloMidnight(o.year, 1, 1), end: now };
    case 'lastYear':
      return { start: osloMidnight(o.year - 1, 1, 1), end: osloMidnight(o.year, 1, 1) };
  }
}

// ---- buckets ------------------------------------------------------------------------------------------------------

export type StatisticsBucket = 'hour' | 'day';

/** Whole days (midnight UTC) when first to last order spans more than 7 days, else hours (spec §9). */
export function bucketFor(first: Date, last: Date): StatisticsBucket {
  return last.getTime() - first.getTime() > STATISTICS_DAILY_ABOVE_DAYS * DAY_MS ? 'day' : 'hour';
}

/** X-axis ticks for ECharts (spec §9), both ends included: days at midnight UTC, hours at 00, 08 and 16 Oslo time. */
export function axisTicks(from: number, to: number, bucket: StatisticsBucket): number[] {
  const ticks: number[] = [];
  if (!(from <= to)) return ticks;
  if (bucket === 'day') {
    for (let t = Math.ceil(from / DAY_MS) * DAY_MS; t <= to; t += DAY_MS) ticks.push(t);
    return ticks;
  }
  for (let t = Math.ceil(from / HOUR_MS) * HOUR_MS; t <= to; t += HOUR_MS) {
    if (osloFields(new Date(t)).hour % 8 === 0) ticks.push(t);
  }
  return ticks;
}

interface StatisticsPoint {
  /** Bucket start, epoch ms. */
  t: number;
  count: number;
  /** A bucket with real orders (shows a marker); padding points are false. */
  real: boolean;
}

/** The points to draw; an hourly line gets zeros either side of each real bucket, so a lone hour rises and falls. */
export function chartPoints(
  buckets: readonly { t: number; count: number }[],
  bucket: StatisticsBucket,
  type: 'line' | 'column',
): StatisticsPoint[] {
  const real = new Map<number, number>();
  for (const b of buckets) real.set(b.t, (real.get(b.t) ?? 0) + b.count);
  const points = new Map<number, StatisticsPoint>();
  for (const [t, count] of real) points.set(t, { t, count, real: true });
  if (type === 'line' && bucket === 'hour') {
    for (const t of real.keys()) {
      for (const padded of [t - HOUR_MS, t + HOUR_MS]) {
        if (!points.has(padded)) points.set(padded, { t: padded, count: 0, real: false });
      }
    }
  }
  return [...points.values()].sort((a, b) => a.t - b.t);
}

// ---- labels -------------------------------------------------------------------------------------------------------

const pad2 = (n: number) => String(n).padStart(2, '0');
let weekdayShort: Intl.DateTimeFormat | undefined;
let longDate: Intl.DateTimeFormat | undefined;

/** X-axis label in Oslo time: days 'man. 3.11' (weekday plus day.month), hours '3.11 kl. 14'. */
export function axisLabel(t: number, bucket: StatisticsBucket): string {
  const date = new Date(t);
  const f = osloFields(date);
  if (bucket === 'hour') return `${f.day}.${f.month} kl. ${pad2(f.hour)}`;
  weekdayShort ??= new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, weekday: 'short' });
  return `${weekdayShort.format(date)} ${f.day}.${f.month}`;
}

/** Tooltip heading in Oslo time: 'mandag 3. november 2025', plus ' kl. 14:00' for hourly buckets. */
export function tooltipLabel(t: number, bucket: StatisticsBucket): string {
  const date = new Date(t);
  longDate ??= new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const day = longDate.format(date).replace(/,/g, '');
  if (bucket === 'day') return day;
  const f = osloFields(date);
  return `${day} kl. ${pad2(f.hour)}:${pad2(f.minute)}`;
}
