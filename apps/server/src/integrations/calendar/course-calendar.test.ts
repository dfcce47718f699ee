import { describe, expect, it } from 'vitest';
import { attachmentDisposition, courseCalendar, courseCalendarFilename, courseSessions } from './course-calendar';

const course = {
  id: 'a'.repeat(24),
  name: 'Babysvømming 1',
  placeName: 'Bølgen Bad',
  address: 'Badeveien 1',
  zipCode: '0150',
  town: 'Oslo',
  // 09:00 Oslo in winter and in summer (UTC+1 / UTC+2), and a date-only value (before 06:00 UTC).
  dates: ['2026-01-12T08:00:00.000Z', '2026-06-15T07:00:00.000Z', '2026-03-02T00:00:00.000Z'],
  timeFrom: '09:00',
  timeTo: '09:45',
};

describe('course calendar', () => {
  it('makes one session per date with the course length, applying the start time to date-only values', () => {
    const sessions = courseSessions(course);
    expect(sessions.map((s) => s.start.toISOString())).toEqual([
      '2026-01-12T08:00:00.000Z',
      '2026-03-02T08:00:00.000Z',
      '2026-06-15T07:00:00.000Z',
    ]);
    expect(sessions.every((s) => s.end.getTime() - s.start.getTime() === 45 * 60_000)).toBe(true);
  });

  it("names the file 'kurskalender {name} {first date}.ics'", () => {
    expect(courseCalendarFilename(course)).toBe('kurskalender Babysvømming 1 12.01.2026.ics');
    expect(courseCalendarFilename({ ...course, name: 'A/B: "x"' })).toBe('kurskalender A B x 12.01.2026.ics');
  });

  it('writes a VCALENDAR with a VEVENT per date in UTC', () => {
    const file = courseCalendar(course, { companyName: 'Plask', siteUrl: 'https://plask.example.no' });
    expect(file.content).toMatch(/^BEGIN:VCALENDAR/);
    expect(file.content.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(file.content).toContain('DTSTART:20260112T080000Z');
    expect(file.content).toContain('DTEND:20260112T084500Z');
    expect(file.content).toContain('LOCATION:Bølgen Bad\\, Badeveien 1\\, 0150 Oslo');
    expect(file.contentType).toBe('text/calendar; charset=utf-8');
  });

  it('builds a Content-Disposition with an ASCII fallback', () => {
    expect(attachmentDisposition('kurskalender Babysvømming 1 12.01.2026.ics')).toBe(
      `attachment; filename="kurskalender Babysvomming 1 12.01.2026.ics"; filename*=UTF-8''kurskalender%20Babysv%C3%B8mming%201%2012.01.2026.ics`,
    );
  });
});
