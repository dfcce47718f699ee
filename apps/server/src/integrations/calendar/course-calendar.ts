import { TZDate } from '@date-fns/tz';
import ical from 'ical-generator';
import { courseDisplayName, formatDate, minutesOfDay, osloDateKey, TIME_ZONE, toDate } from '@app/shared';

/** What a course calendar needs; the caller reads it from the database. */
export interface CalendarCourse {
  id: string;
  name: string;
  experienceLevel?: string;
  participantsAge?: string | null;
  placeName: string;
  address?: string | null;
  zipCode?: string | null;
  town?: string | null;
  dates: readonly (Date | string)[];
  timeFrom: string;
  timeTo: string;
}

export interface CourseCalendarFile {
  filename: string;
  contentType: 'text/calendar; charset=utf-8';
  content: string;
}

const DEFAULT_MINUTES = 30;

/** Oslo wall-clock time on the Oslo calendar day `key` (YYYY-MM-DD). */
function osloWallClock(key: string, time: string): Date {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, h, min, TIME_ZONE).getTime());
}

/** One session per date. Spec §9: a date before 06:00 UTC has no time of day, so the course's Oslo start time is used. */
export function courseSessions(course: Pick<CalendarCourse, 'dates' | 'timeFrom' | 'timeTo'>): { start: Date; end: Date }[] {
  const from = minutesOfDay(course.timeFrom);
  const to = minutesOfDay(course.timeTo);
  const length = from !== null && to !== null && to > from ? to - from : DEFAULT_MINUTES;
  return course.dates
    .map(toDate)
    .filter((d) => !Number.isNaN(d.getTime()))
    .sort((a, b) => a.getTime() - b.getTime())
    .map((d) => {
      const start = d.getUTCHours() < 6 && from !== null ? osloWallClock(osloDateKey(d), course.timeFrom) : d;
      return { start, end: new Date(start.getTime() + length * 60_000) };
    });
}

/** The course's display name (walk-through 8); the stored name only when the level is not known. */
export const courseTitle = (course: Pick<CalendarCourse, 'name' | 'experienceLevel' | 'participantsAge' | 'dates' | 'timeFrom'>) =>
  course.experienceLevel?.trim() ? courseDisplayName({ ...course, experienceLevel: course.experienceLevel }) : course.name.trim() || 'Kurs';

/** Characters no file system or header likes. */
const cleanFilePart = (text: string) => text.replace(/[\p{Cc}/\\:*?"<>|]+/gu, ' ').replace(/\s+/g, ' ').trim();

/** Spec §7: 'kurskalender {name} {first date}.ics', the first date as DD.MM.YYYY (Oslo). */
export function courseCalendarFilename(course: Pick<CalendarCourse, 'name' | 'experienceLevel' | 'dates'>): string {
  const first = course.dates.map(toDate).sort((a, b) => a.getTime() - b.getTime())[0];
  const name = course.name.trim() || course.experienceLevel?.trim() || 'Kurs';
  const parts = ['kurskalender', cleanFilePart(name), first ? formatDate(first) : ''].filter(Boolean);
  return `${parts.join(' ')}.ics`;
}

/** The course dates as an iCalendar file (ical-generator); times in UTC, so every calendar shows Oslo time right. */
export function courseCalendar(course: CalendarCourse, site: { companyName: string; siteUrl?: string }): CourseCalendarFile {
  const title = courseTitle(course);
  const calendar = ical({
    name: `${title}, ${course.placeName}`,
    prodId: { company: site.companyName, product: 'kurskalender', language: 'NB' },
  });
  const location = [course.placeName, course.address, [course.zipCode, course.town].filter(Boolean).join(' ')]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(', ');
  let host = 'babysvomming';
  try {
    if (site.siteUrl) host = new URL(site.siteUrl).hostname;
  } catch {
    // keep the default uid host
  }
  const sessions = courseSessions(course);
  const used = new Set<string>();
  sessions.forEach(({ start, end }, i) => {
    // One UID per course date (not per position): a re-import after a date changed updates the right events.
    let uid = `${course.id}-${osloDateKey(start).replaceAll('-', '')}@${host}`;
    for (let n = 2; used.has(uid); n++) uid = `${course.id}-${osloDateKey(start).replaceAll('-', '')}-${n}@${host}`;
    used.add(uid);
    calendar.createEvent({
      id: uid,
      start,
      end,
      summary: `${title} (${site.companyName})`,
      location: location || null,
      description: `${title}, ${course.placeName}. Kursdag ${i + 1} av ${sessions.length}.`,
      url: site.siteUrl ?? null,
    });
  });
  return { filename: courseCalendarFilename(course), contentType: 'text/calendar; charset=utf-8', content: calendar.toString() };
}

/** A Content-Disposition that keeps Norwegian letters (RFC 6266 filename*), with an ASCII fallback. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'Ae')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .replace(/å/g, 'a')
    .replace(/Å/g, 'A')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
