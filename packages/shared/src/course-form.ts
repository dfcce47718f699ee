/** Pure rules of the admin forms (spec §5): time defaults, dates at the start time, month ranges, markup. */
import { COURSE_DEFAULT_LENGTH_MINUTES, DATE_WITHOUT_TIME } from './constants';
import { osloTime } from './format';

/** 'HH:MM' plus minutes, wrapping at midnight. */
export function addMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Spec §5: changing the start time sets the end time to 30 minutes later. */
export const endTimeFor = (timeFrom: string): string => addMinutes(timeFrom, COURSE_DEFAULT_LENGTH_MINUTES);

/** Spec §5: each chosen day takes the course's start time, or 12:00 when there is none. ISO instant. */
export function courseDateAt(dayKey: string, timeFrom: string | null | undefined): string {
  const [y, mo, d] = dayKey.split('-').map(Number) as [number, number, number];
  const time = timeFrom && /^([01]\d|2[0-3]):[0-5]\d$/.test(timeFrom) ? timeFrom : DATE_WITHOUT_TIME;
  return osloTime(y, mo, d, time).toISOString();
}

/** Chosen days (YYYY-MM-DD) to the course's dates: deduplicated, sorted, each at the start time. */
export function courseDates(dayKeys: readonly string[], timeFrom: string | null | undefined): string[] {
  return [...new Set(dayKeys)].sort().map((day) => courseDateAt(day, timeFrom));
}

/** A typed date 'YYYY-MM-DD' (or 'DD.MM.YYYY'), if it is a real calendar day; else null. */
export function parseTypedDay(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const nb = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(trimmed);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : nb ? [nb[3], nb[2], nb[1]] : [];
  if (!y || !m || !d) return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const key = date.toISOString().slice(0, 10);
  return key === `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}` ? key : null;
}

/** Spec §5 month-range picker: 'YYYY-MM' to 'YYYY-MM' (start ≤ end) as epoch ms, 00:00 to 23:59:59 Oslo. */
export function monthRange(startMonth: string, endMonth: string): { startDate: number; endDate: number } | null {
  const start = /^(\d{4})-(\d{2})$/.exec(startMonth);
  const end = /^(\d{4})-(\d{2})$/.exec(endMonth);
  if (!start || !end || startMonth > endMonth) return null;
  const [sy, sm, ey, em] = [start[1], start[2], end[1], end[2]].map(Number) as [number, number, number, number];
  if (sm < 1 || sm > 12 || em < 1 || em > 12) return null;
  const lastDay = new Date(Date.UTC(ey, em, 0)).getUTCDate();
  return { startDate: osloTime(sy, sm, 1, '00:00').getTime(), endDate: osloTime(ey, em, lastDay, '23:59', 59).getTime() };
}

/** Spec §5 (venue info): markup stripped when editing. */
export function stripMarkup(text: string): string {
  return text.replace(/<[^>]*>/g, '');
}

/** Spec §5 (course info): HTML tags become line breaks (runs of them one break), entities of the editor decoded. */
export function htmlToLineBreaks(text: string): string {
  return text
    .replace(/(\s*<[^>]*>\s*)+/g, '\n')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/^\n+|\n+$/g, '');
}
