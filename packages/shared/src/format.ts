/** Display helpers for the web and the server (e-mails, calendars) on Intl: nb-NO, Europe/Oslo (spec §9). */
import { COURSE_GROUP_GAP_MINUTES, LOCALE, PARTICIPANT_NAMES_MAX_CHARS } from './constants';

type DateInput = Date | string | number;

/** node-postgres gives Dates; PGlite (timestamp arrays, raw SQL) and the API give ISO text. */
export const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

/** A timestamp as the API's ISO text; no timestamp stays null. */
export function toIso(value: DateInput): string;
export function toIso(value: DateInput | null | undefined): string | null;
export function toIso(value: DateInput | null | undefined): string | null {
  return value === null || value === undefined ? null : toDate(value).toISOString();
}

/** A date column ('2024-05-17', a Date at UTC midnight on node-postgres) as the API's 'YYYY-MM-DD'; null stays null. */
export function toDateOnly(value: string | Date): string;
export function toDateOnly(value: string | Date | null): string | null;
export function toDateOnly(value: string | Date | null): string | null {
  return value === null ? null : typeof value === 'string' ? value : value.toISOString().slice(0, 10);
}
const isValidDate = (d: Date) => !Number.isNaN(d.getTime());

// ---- slugs ------------------------------------------------------------------------------------------------

/** Spec §2: the place name lower-cased with whitespace turned to hyphens; Norwegian letters are kept. */
export function placeSlug(name: string): string {
  return name.trim().toLocaleLowerCase(LOCALE).replace(/\s+/g, '-');
}

/** ASCII file-name slug (æ→ae, ø→o, å→a), e.g. for static image names: 'Lillestrøm Svømmehall' → 'lillestrom-svommehall'. */
export function asciiSlug(name: string): string {
  return placeSlug(name)
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Compares a URL segment (encoded or not) with a place name's slug. */
export function slugMatches(segment: string, name: string): boolean {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // a stray '%' is not an encoding: compare as typed
  }
  return placeSlug(decoded) === placeSlug(name);
}

// ---- dates and times --------------------------------------------------------------------------------------

const OSLO_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Oslo',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Oslo's wall clock at an instant (spec §9), from the time zone data of the runtime (Intl). */
function osloParts(date: Date) {
  const parts: Record<string, string> = {};
  for (const { type, value } of OSLO_PARTS.formatToParts(date)) parts[type] = value;
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** Europe/Oslo's offset from UTC in ms at an instant: one hour, two in summer time. */
export function osloOffsetMs(ms: number): number {
  const p = osloParts(new Date(ms));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The instant of an Oslo wall-clock time on a calendar day (month 1–12; day overflow rolls into the next month). */
export function osloTime(year: number, month: number, day: number, time: string, seconds = 0): Date {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, h, m, seconds);
  // Two passes: the offset at the wall time's UTC reading, then at the instant it gives.
  let at = wall - osloOffsetMs(wall);
  at = wall - osloOffsetMs(at);
  return new Date(at);
}

/** Orders ISO dates and other machine strings by their characters, as `sort()` does on its own. */
export const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** 'YYYY-MM-DD' of the calendar day in Oslo; '' for an invalid date. */
export function osloDateKey(value: DateInput): string {
  const d = toDate(value);
  if (!isValidDate(d)) return '';
  const p = osloParts(d);
  return `${p.year}-${p.month}-${p.day}`;
}

/** DD.MM.YYYY in Oslo time; '-' when missing or invalid (spec §3). */
export function formatDate(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const d = toDate(value);
  if (!isValidDate(d)) return '-';
  const p = osloParts(d);
  return `${p.day}.${p.month}.${p.year}`;
}

/** 'DD.MM.YYYY–DD.MM.YYYY': a span of days, both ends included (a season, decision 053). */
export const formatDateRange = (from: DateInput, to: DateInput): string => `${formatDate(from)}–${formatDate(to)}`;

/** HH:MM (24 h) in Oslo time; '' when invalid. */
export function formatTime(value: DateInput): string {
  const d = toDate(value);
  if (!isValidDate(d)) return '';
  const p = osloParts(d);
  return `${p.hour}:${p.minute}`;
}

/** 'DD.MM.YYYY kl. HH:MM' in Oslo time. */
export function formatDateTime(value: DateInput): string {
  const d = toDate(value);
  if (!isValidDate(d)) return '-';
  return `${formatDate(d)} kl. ${formatTime(d)}`;
}

/** Enrolment night (issue 37): 'Påmeldingen åpner DD.MM.YYYY kl. HH:MM' in Oslo time. */
export function openingLabel(at: DateInput): string {
  return `Påmeldingen åpner ${formatDateTime(at)}`;
}

/** The family's cool-down after repeated unpaid payment holds (issue 36): 'Betalingspause til DD.MM.YYYY kl. HH:MM'. */
export function paymentPauseLabel(until: DateInput): string {
  return `Betalingspause til ${formatDateTime(until)}`;
}

/** Spec §9: a date stored before 06:00 UTC has no time of day, so the course's start time is shown instead. */
export function formatCourseDate(value: DateInput, timeFrom?: string | null): string {
  const d = toDate(value);
  if (!isValidDate(d)) return '-';
  const useStart = d.getUTCHours() < 6 && !!timeFrom && /^\d{2}:\d{2}$/.test(timeFrom);
  return `${formatDate(d)} kl. ${useStart ? timeFrom : formatTime(d)}`;
}

const WEEKDAYS = ['Søndag', 'Mandag', 'Tirsdag', 'Onsdag', 'Torsdag', 'Fredag', 'Lørdag'] as const;
const WEEKDAYS_PLURAL = ['Søndager', 'Mandager', 'Tirsdager', 'Onsdager', 'Torsdager', 'Fredager', 'Lørdager'] as const;

const isWeekdayIndex = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 6;

/** 0 = Søndag … 6 = Lørdag; anything else 'Ukjent dag'. */
export function weekdayName(day: number | null | undefined): string {
  return isWeekdayIndex(day) ? (WEEKDAYS[day] ?? 'Ukjent dag') : 'Ukjent dag';
}

/** 'Mandager' etc.; no weekday set gives 'Ubestemt', an invalid one 'Ukjent dag'. */
export function weekdayPlural(day: number | null | undefined): string {
  if (day === null || day === undefined) return 'Ubestemt';
  return isWeekdayIndex(day) ? (WEEKDAYS_PLURAL[day] ?? 'Ukjent dag') : 'Ukjent dag';
}

/** Weekday index (0 = Sunday) of the Oslo calendar day; null for an invalid date. */
export function osloWeekday(value: DateInput): number | null {
  const key = osloDateKey(value);
  if (!key) return null;
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** A day key ('YYYY-MM-DD') `days` calendar days later. */
export function addDaysToKey(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 'I dag' or 'I morgen' relative to `now` (Oslo calendar days); otherwise null. */
export function relativeDayLabel(value: DateInput, now: DateInput = new Date()): 'I dag' | 'I morgen' | null {
  const key = osloDateKey(value);
  const today = osloDateKey(now);
  if (!key || !today) return null;
  if (key === today) return 'I dag';
  if (key === addDaysToKey(today, 1)) return 'I morgen';
  return null;
}

/** Minutes since midnight of 'HH:MM'; null when malformed. */
export function minutesOfDay(time: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time ?? '');
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (h > 23 || m > 59) return null;
  return h * 60 + m;
}

// ---- ages -------------------------------------------------------------------------------------------------

/** Spec §2, in Oslo calendar days: '3 år' from 2 years, '14 mnd' from 1, else '20 dager'; no birth date 'Ikke oppgitt'. */
export function formatAge(birthdate: DateInput | null | undefined, now: DateInput = new Date()): string {
  if (birthdate === null || birthdate === undefined || birthdate === '') return 'Ikke oppgitt';
  const bKey = osloDateKey(birthdate);
  const nKey = osloDateKey(now);
  if (!bKey || !nKey) return 'Ikke oppgitt';
  const [by, bm, bd] = bKey.split('-').map(Number) as [number, number, number];
  const [ny, nm, nd] = nKey.split('-').map(Number) as [number, number, number];
  let months = (ny - by) * 12 + (nm - bm);
  if (nd < bd) months -= 1;
  if (months >= 24) return `${Math.floor(months / 12)} år`;
  if (months >= 12) return `${months} mnd`;
  const days = Math.max(0, Math.round((Date.UTC(ny, nm - 1, nd) - Date.UTC(by, bm - 1, bd)) / 86_400_000));
  return countOf(days, 'dag', 'dager');
}

// ---- courses ----------------------------------------------------------------------------------------------

interface GroupableCourse {
  place: { _id: string } | string;
  dates: readonly string[];
  timeFrom: string;
  timeTo: string;
}

const placeIdOf = (c: GroupableCourse) => (typeof c.place === 'string' ? c.place : c.place._id);

/** Spec §2: sort by start time, then by first date. Returns a new array. */
export function sortCourses<T extends Pick<GroupableCourse, 'dates' | 'timeFrom'>>(courses: readonly T[]): T[] {
  const first = (c: T) => {
    const t = c.dates[0] ? new Date(c.dates[0]).getTime() : Number.POSITIVE_INFINITY;
    return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
  };
  return [...courses].sort(
    (a, b) => (minutesOfDay(a.timeFrom) ?? 9999) - (minutesOfDay(b.timeFrom) ?? 9999) || first(a) - first(b),
  );
}

/** Whether `later` follows `earlier` closely enough to be shown together (spec §9). */
function followsClosely(earlier: GroupableCourse, later: GroupableCourse): boolean {
  if (placeIdOf(earlier) !== placeIdOf(later)) return false;
  const a = earlier.dates[0];
  const b = later.dates[0];
  if (!a || !b || osloDateKey(a) !== osloDateKey(b) || !osloDateKey(a)) return false;
  const end = minutesOfDay(earlier.timeTo);
  const start = minutesOfDay(later.timeFrom);
  return end !== null && start !== null && start >= end && start - end < COURSE_GROUP_GAP_MINUTES;
}

/** Groups courses at one place and first date that start within 60 minutes of the last one's end; keeps input order. */
export function groupCourses<T extends GroupableCourse>(courses: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (const course of courses) {
    const group = groups.find((g) => {
      const last = g[g.length - 1];
      return last !== undefined && followsClosely(last, course);
    });
    if (group) group.push(course);
    else groups.push([course]);
  }
  return groups;
}

/** What a course's display name is made of: the fields a parent picks it by on the course list. */
export interface NameableCourse {
  experienceLevel: string;
  participantsAge?: string | null;
  dates: readonly (string | Date)[];
  timeFrom: string;
  placeName?: string | null;
}

/** A course's one name, as the course list says it: 'Nybegynner · 2–4 år · mandager kl. 09:30' (the stored `name` is shared). */
export function courseDisplayName(course: NameableCourse, options: { place?: boolean } = {}): string {
  const first = course.dates[0];
  const weekday = first === undefined ? null : osloWeekday(first);
  const when = `${weekday === null ? '' : `${weekdayPlural(weekday).toLocaleLowerCase(LOCALE)} `}kl. ${course.timeFrom}`;
  const place = options.place ? course.placeName?.trim() : '';
  return [course.experienceLevel.trim(), course.participantsAge?.trim(), when, place].filter(Boolean).join(' · ');
}

/** '{n} ledige plasser' ('1 ledig plass'), or 'Fullt' when no place is left. */
export function freePlacesLabel(freePlaces: number): string {
  if (!Number.isFinite(freePlaces) || freePlaces <= 0) return 'Fullt';
  return countOf(freePlaces, 'ledig plass', 'ledige plasser');
}

/** Spec §4: full when participants ≥ maximum; otherwise maximum minus participants. */
export function freePlaces(maximumParticipants: number, participantsCount: number): number {
  return Math.max(0, maximumParticipants - participantsCount);
}

// ---- names ------------------------------------------------------------------------------------------------

/** Capitalises the first letter of every word and of every part after a hyphen: 'kari-anne nordmann' → 'Kari-Anne Nordmann'. */
export function capitalizeName(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toLocaleUpperCase(LOCALE));
}

export interface NamedPerson {
  firstName: string;
  lastName: string;
}

export const fullName = (p: NamedPerson) => `${p.firstName} ${p.lastName}`.trim();

/** Names joined with ', '; past 80 characters, each shortened to initial and last name ('K. Nordmann'). */
export function participantNames(people: readonly NamedPerson[], maxChars = PARTICIPANT_NAMES_MAX_CHARS): string {
  const full = people.map(fullName).join(', ');
  if (full.length <= maxChars) return full;
  return people
    .map((p) => {
      const initial = p.firstName.trim().charAt(0);
      return initial ? `${initial.toLocaleUpperCase(LOCALE)}. ${p.lastName}`.trim() : p.lastName.trim();
    })
    .join(', ');
}

// ---- links ------------------------------------------------------------------------------------------------

type TextSegment = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

/** Free text as text and http(s)/'www.' link segments, so links render without HTML injection. */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const pattern = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    let raw = match[0];
    const trailing = /[.,;:!?)\]]+$/.exec(raw)?.[0] ?? '';
    if (trailing) raw = raw.slice(0, -trailing.length);
    const start = match.index ?? 0;
    if (start > last) segments.push({ type: 'text', text: text.slice(last, start) });
    const href = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
    if (isSafeHttpUrl(href)) segments.push({ type: 'link', text: raw, href });
    else segments.push({ type: 'text', text: raw });
    last = start + raw.length;
  }
  if (last < text.length) segments.push({ type: 'text', text: text.slice(last) });
  return segments;
}

export function isSafeHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const pluralRules = new Intl.PluralRules('nb-NO');

/** The word for a count by Norwegian plural rules: `plural(1, 'bruker', 'brukere')` → 'bruker'. */
export const plural = (n: number, one: string, other: string): string => (pluralRules.select(n) === 'one' ? one : other);

/** A count with its word: `countOf(4, 'kursdag', 'kursdager')` → '4 kursdager'. */
export const countOf = (n: number, one: string, other: string): string => `${n.toLocaleString('nb-NO')} ${plural(n, one, other)}`;

const LIST = new Intl.ListFormat('nb-NO', { style: 'long', type: 'conjunction' });

/** Names as Norwegian writes a list, 'Ella, Jakob og Nora'; '' for none. */
export const listOf = (items: readonly string[]): string => LIST.format(items);

/** A Google Maps search link for an address. */
export function mapsSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** A stored number ('4796250253') as people read it: '962 50 253'; a foreign one '+46701234567' (spec §3). */
export function displayPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return 'Ikke oppgitt';
  const local = /^47\d{8}$/.test(digits) ? digits.slice(2) : /^\d{8}$/.test(digits) ? digits : null;
  return local ? `${local.slice(0, 3)} ${local.slice(3, 5)} ${local.slice(5)}` : `+${digits}`;
}
