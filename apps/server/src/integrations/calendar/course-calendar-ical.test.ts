import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { courseCalendar } from './course-calendar';

/**
 * The generated .ics read back by an independent parser (ical.js, Mozilla's): one event per course date at the right
 * Oslo wall-clock time on both sides of the change to summer time (29 March 2026), the venue's address as location, and
 * a UID that belongs to the date, not to its position.
 */
const osloClock = (date: Date) =>
  new Intl.DateTimeFormat('nb-NO', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);

function parse(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      location: event.location,
      summary: event.summary,
    };
  });
}

const course = {
  id: 'c0ffee0000000000000000aa',
  name: 'Babysvømming nybegynner',
  placeName: 'Bølgen Bad',
  address: 'Badeveien 1',
  zipCode: '0150',
  town: 'Oslo',
  // Mondays 17:00 Oslo: two in winter time (UTC+1), two in summer time (UTC+2). Two are stored as instants, two as
  // date-only values (midnight UTC), which take the course's start time.
  dates: ['2026-03-16T16:00:00.000Z', '2026-03-23T00:00:00.000Z', '2026-03-30T15:00:00.000Z', '2026-04-06T00:00:00.000Z'],
  timeFrom: '17:00',
  timeTo: '17:30',
};
const site = { companyName: 'Plask', siteUrl: 'https://plask.example.no' };

describe('course calendar read by ical.js', () => {
  it('has one event per date at 17:00–17:30 Oslo time across the change to summer time', () => {
    const events = parse(courseCalendar(course, site).content);
    expect(events).toHaveLength(4);
    expect(events.map((e) => osloClock(e.start))).toEqual([
      '16.03.2026, 17:00',
      '23.03.2026, 17:00',
      '30.03.2026, 17:00',
      '06.04.2026, 17:00',
    ]);
    expect(events.map((e) => osloClock(e.end))).toEqual([
      '16.03.2026, 17:30',
      '23.03.2026, 17:30',
      '30.03.2026, 17:30',
      '06.04.2026, 17:30',
    ]);
    // The instants themselves: UTC+1 before 29 March, UTC+2 after.
    expect(events.map((e) => e.start.toISOString())).toEqual([
      '2026-03-16T16:00:00.000Z',
      '2026-03-23T16:00:00.000Z',
      '2026-03-30T15:00:00.000Z',
      '2026-04-06T15:00:00.000Z',
    ]);
  });

  it('names the venue and its address as the location', () => {
    const [event] = parse(courseCalendar(course, site).content);
    expect(event!.location).toBe('Bølgen Bad, Badeveien 1, 0150 Oslo');
    expect(event!.summary).toContain('Babysvømming nybegynner');
  });

  it('keeps each date’s UID when a date is added before it or another is removed', () => {
    const before = parse(courseCalendar(course, site).content);
    const changed = parse(
      courseCalendar({ ...course, dates: ['2026-03-09T16:00:00.000Z', ...course.dates.filter((_, i) => i !== 1)] }, site).content,
    );
    const uidByDate = (events: typeof before) => new Map(events.map((e) => [e.start.toISOString(), e.uid]));
    const a = uidByDate(before);
    const b = uidByDate(changed);
    for (const date of ['2026-03-16T16:00:00.000Z', '2026-03-30T15:00:00.000Z', '2026-04-06T15:00:00.000Z']) {
      expect(b.get(date)).toBe(a.get(date));
    }
    expect(new Set(before.map((e) => e.uid)).size).toBe(4);
    expect(b.get('2026-03-09T16:00:00.000Z')).toMatch(/^c0ffee0000000000000000aa-20260309@plask\.example\.no$/);
  });
});
