import { describe, expect, it } from 'vitest';
import {
  countOf,
  displayPhone,
  plural,
  asciiSlug,
  capitalizeName,
  formatAge,
  formatCourseDate,
  formatDate,
  formatDateRange,
  formatDateTime,
  paymentPauseLabel,
  listOf,
  courseDisplayName,
  formatTime,
  freePlaces,
  freePlacesLabel,
  groupCourses,
  linkify,
  mapsSearchUrl,
  osloOffsetMs,
  osloTime,
  osloWeekday,
  participantNames,
  placeSlug,
  relativeDayLabel,
  slugMatches,
  sortCourses,
  weekdayName,
  weekdayPlural,
} from './format';


describe('slugs', () => {
  it('lower-cases and turns whitespace into hyphens, keeping Norwegian letters', () => {
    expect(placeSlug('Lillestrøm Svømmehall')).toBe('lillestrøm-svømmehall');
    expect(placeSlug('  Sagene   Basseng ')).toBe('sagene-basseng');
    expect(placeSlug('Skedsmokorset Svømmehall')).toBe('skedsmokorset-svømmehall');
  });
  it('compares decoded segments', () => {
    expect(slugMatches('lillestr%C3%B8m-sv%C3%B8mmehall', 'Lillestrøm Svømmehall')).toBe(true);
    expect(slugMatches('lillestrøm-svømmehall', 'Lillestrøm Svømmehall')).toBe(true);
    expect(slugMatches('100%', 'Sagene Basseng')).toBe(false);
  });
  it('makes ASCII file names', () => {
    expect(asciiSlug('Lillestrøm Svømmehall')).toBe('lillestrom-svommehall');
    expect(asciiSlug('Jessheim Badeland')).toBe('jessheim-badeland');
    expect(asciiSlug('Ærfugl Å')).toBe('aerfugl-a');
  });
});

describe('dates in Oslo', () => {
  it('formats DD.MM.YYYY and HH:MM in Europe/Oslo (winter and summer time)', () => {
    expect(formatDate('2025-01-06T16:00:00.000Z')).toBe('06.01.2025');
    expect(formatTime('2025-01-06T16:00:00.000Z')).toBe('17:00');
    expect(formatTime('2025-06-02T16:00:00.000Z')).toBe('18:00');
    // 23:30 UTC on 31 Dec is already New Year's Day in Oslo
    expect(formatDate('2024-12-31T23:30:00.000Z')).toBe('01.01.2025');
    expect(formatTime('2024-12-31T23:05:00.000Z')).toBe('00:05');
    expect(formatDateTime('2025-01-06T16:00:00.000Z')).toBe('06.01.2025 kl. 17:00');
    expect(paymentPauseLabel('2025-01-06T16:00:00.000Z')).toBe('Betalingspause til 06.01.2025 kl. 17:00');
  });
  it('follows the summer-time switches (last Sundays of March and October, 01:00 UTC)', () => {
    expect(formatTime('2026-03-29T00:59:00.000Z')).toBe('01:59');
    expect(formatTime('2026-03-29T01:00:00.000Z')).toBe('03:00');
    expect(formatTime('2026-10-25T00:59:00.000Z')).toBe('02:59');
    expect(formatTime('2026-10-25T01:00:00.000Z')).toBe('02:00');
    expect(osloTime(2026, 3, 29, '03:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(osloTime(2026, 7, 1, '17:00').toISOString()).toBe('2026-07-01T15:00:00.000Z');
    expect(osloTime(2026, 12, 1, '17:00').toISOString()).toBe('2026-12-01T16:00:00.000Z');
    expect(osloOffsetMs(Date.UTC(2026, 6, 1))).toBe(2 * 3_600_000);
    expect(osloOffsetMs(Date.UTC(2026, 0, 1, 12, 0, 0, 500))).toBe(3_600_000);
  });
  it('writes a span of calendar days, both ends as the days they name (a season)', () => {
    expect(formatDateRange('2026-08-17', '2026-12-20')).toBe('17.08.2026–20.12.2026');
  });
  it('shows "-" for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
    expect(formatDateTime('nope')).toBe('-');
  });
  it('applies the course start time to dates stored before 06:00 UTC', () => {
    expect(formatCourseDate('2025-01-06T00:00:00.000Z', '17:30')).toBe('06.01.2025 kl. 17:30');
    expect(formatCourseDate('2025-01-06T16:00:00.000Z', '17:30')).toBe('06.01.2025 kl. 17:00');
  });
  it('names weekdays and plurals', () => {
    expect(weekdayName(0)).toBe('Søndag');
    expect(weekdayName(6)).toBe('Lørdag');
    expect(weekdayName(7)).toBe('Ukjent dag');
    expect(weekdayName(null)).toBe('Ukjent dag');
    expect(weekdayPlural(1)).toBe('Mandager');
    expect(weekdayPlural(0)).toBe('Søndager');
    expect(weekdayPlural(null)).toBe('Ubestemt');
    expect(weekdayPlural(undefined)).toBe('Ubestemt');
    expect(weekdayPlural(9)).toBe('Ukjent dag');
    expect(osloWeekday('2025-01-06T16:00:00.000Z')).toBe(1);
    expect(osloWeekday('2025-01-05T23:30:00.000Z')).toBe(1);
  });
  it('labels today and tomorrow', () => {
    const now = '2025-03-10T10:00:00.000Z';
    expect(relativeDayLabel('2025-03-10T20:00:00.000Z', now)).toBe('I dag');
    expect(relativeDayLabel('2025-03-11T05:00:00.000Z', now)).toBe('I morgen');
    expect(relativeDayLabel('2025-03-12T05:00:00.000Z', now)).toBeNull();
    // across the change to summer time (30 March 2025)
    expect(relativeDayLabel('2025-03-30T12:00:00.000Z', '2025-03-29T23:30:00.000Z')).toBe('I dag');
    expect(relativeDayLabel('2025-03-31T12:00:00.000Z', '2025-03-30T12:00:00.000Z')).toBe('I morgen');
  });
});

describe('formatAge', () => {
  const now = '2025-06-15T10:00:00.000Z';
  it('shows years from 2 years', () => {
    expect(formatAge('2022-06-15', now)).toBe('3 år');
    expect(formatAge('2023-06-15', now)).toBe('2 år');
  });
  it('shows months from 1 up to 2 years', () => {
    expect(formatAge('2023-06-16', now)).toBe('23 mnd');
    expect(formatAge('2024-04-15', now)).toBe('14 mnd');
    expect(formatAge('2024-06-15', now)).toBe('12 mnd');
  });
  it('shows days under 1 year', () => {
    expect(formatAge('2025-05-26', now)).toBe('20 dager');
    expect(formatAge('2025-06-14', now)).toBe('1 dag');
    expect(formatAge('2024-06-16', now)).toBe('364 dager');
    expect(formatAge('2025-07-01', now)).toBe('0 dager');
  });
  it('says Ikke oppgitt when missing', () => {
    expect(formatAge(null, now)).toBe('Ikke oppgitt');
    expect(formatAge('garbage', now)).toBe('Ikke oppgitt');
  });
});

const course = (id: string, date: string, timeFrom: string, timeTo: string, place = 'p1') => ({
  id,
  place: { _id: place },
  dates: [date],
  timeFrom,
  timeTo,
});

describe('courses', () => {
  it('sorts by start time, then by first date', () => {
    const sorted = sortCourses([
      course('c', '2025-01-07T16:30:00Z', '17:30', '18:00'),
      course('b', '2025-02-06T16:00:00Z', '17:00', '17:30'),
      course('a', '2025-01-06T16:00:00Z', '17:00', '17:30'),
    ]);
    expect(sorted.map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });

  it('groups same place and date when the gap is under 60 minutes and not negative', () => {
    const day = '2025-01-06T16:00:00Z';
    const groups = groupCourses(
      sortCourses([
        course('a', day, '17:00', '17:30'),
        course('b', day, '17:30', '18:00'), // gap 0 → grouped
        course('c', day, '18:59', '19:30'), // gap 59 → grouped
        course('d', day, '20:30', '21:00'), // gap 60 → new group
        course('e', day, '20:45', '21:15'), // overlaps d (gap -15) → not with d
        course('f', '2025-01-07T16:00:00Z', '17:00', '17:30'), // other date
        course('g', day, '21:00', '21:30', 'p2'), // other place
      ]),
    );
    expect(groups.map((g) => g.map((c) => c.id))).toEqual([['a', 'b', 'c'], ['f'], ['d'], ['e'], ['g']]);
  });

  it('keeps grouping when other dates interleave in the sort order', () => {
    const groups = groupCourses(
      sortCourses([
        course('mon1', '2025-01-06T16:00:00Z', '17:00', '17:30'),
        course('mar1', '2025-03-03T16:00:00Z', '17:00', '17:30'),
        course('mon2', '2025-01-06T16:30:00Z', '17:30', '18:00'),
        course('mar2', '2025-03-03T16:30:00Z', '17:30', '18:00'),
      ]),
    );
    expect(groups.map((g) => g.map((c) => c.id))).toEqual([
      ['mon1', 'mon2'],
      ['mar1', 'mar2'],
    ]);
  });

  it('labels free places', () => {
    expect(freePlacesLabel(3)).toBe('3 ledige plasser');
    expect(freePlacesLabel(1)).toBe('1 ledig plass');
    expect(freePlacesLabel(0)).toBe('Fullt');
    expect(freePlacesLabel(-2)).toBe('Fullt');
    expect(freePlaces(10, 7)).toBe(3);
    expect(freePlaces(10, 12)).toBe(0);
  });

  it('one display name per course (walk-through 8): level, age, weekday and time, and the venue where asked', () => {
    const course = { experienceLevel: 'Nybegynner/Viderekommen', participantsAge: '2–4 år', dates: ['2027-05-10T07:30:00.000Z'], timeFrom: '09:30', placeName: 'Sagene Basseng' };
    expect(courseDisplayName(course)).toBe('Nybegynner/Viderekommen · 2–4 år · mandager kl. 09:30');
    expect(courseDisplayName(course, { place: true })).toBe('Nybegynner/Viderekommen · 2–4 år · mandager kl. 09:30 · Sagene Basseng');
    // Two Sagene courses with one stored name ('Babysvømming 3') read apart by weekday and time.
    expect(courseDisplayName({ ...course, dates: ['2027-02-01T09:30:00.000Z'], timeFrom: '10:30' })).toBe('Nybegynner/Viderekommen · 2–4 år · mandager kl. 10:30');
    expect(courseDisplayName({ experienceLevel: 'Nybegynner', participantsAge: '', dates: [], timeFrom: '10:00' })).toBe('Nybegynner · kl. 10:00');
  });

  it('joins names as Norwegian writes a list: "Ella, Jakob og Nora" (walk-through 19)', () => {
    expect(listOf([])).toBe('');
    expect(listOf(['Ella'])).toBe('Ella');
    expect(listOf(['Ella', 'Jakob'])).toBe('Ella og Jakob');
    expect(listOf(['Ella', 'Jakob', 'Nora'])).toBe('Ella, Jakob og Nora');
  });

});

describe('names', () => {
  it('capitalises per word and after hyphens', () => {
    expect(capitalizeName('kari-anne nordmann')).toBe('Kari-Anne Nordmann');
    expect(capitalizeName('  ola   øvergaard ')).toBe('Ola Øvergaard');
    expect(capitalizeName('åse')).toBe('Åse');
  });

  it('shortens participant names when the joined list exceeds 80 characters', () => {
    const few = [
      { firstName: 'Kari', lastName: 'Nordmann' },
      { firstName: 'Ola', lastName: 'Hansen' },
    ];
    expect(participantNames(few)).toBe('Kari Nordmann, Ola Hansen');
    const many = Array.from({ length: 6 }, (_, i) => ({ firstName: `Fornavn${i}`, lastName: `Etternavn${i}` }));
    expect(many.map((p) => `${p.firstName} ${p.lastName}`).join(', ').length).toBeGreaterThan(80);
    expect(participantNames(many)).toBe(many.map((p) => `F. ${p.lastName}`).join(', '));
  });

  it('keeps exactly 80 characters unshortened', () => {
    const name = { firstName: 'A'.repeat(39), lastName: 'B'.repeat(40) }; // 39 + 1 + 40 = 80
    expect(participantNames([name])).toBe(`${name.firstName} ${name.lastName}`);
  });
});

describe('links', () => {
  it('turns web links into link segments and leaves the rest as text', () => {
    expect(linkify('Se https://example.no/info. Eller www.example.no!')).toEqual([
      { type: 'text', text: 'Se ' },
      { type: 'link', text: 'https://example.no/info', href: 'https://example.no/info' },
      { type: 'text', text: '. Eller ' },
      { type: 'link', text: 'www.example.no', href: 'https://www.example.no' },
      { type: 'text', text: '!' },
    ]);
    expect(linkify('javascript:alert(1)')).toEqual([{ type: 'text', text: 'javascript:alert(1)' }]);
    expect(linkify('')).toEqual([]);
  });

  it('builds a maps search link', () => {
    expect(mapsSearchUrl('Sandakerveien 2, 0473 Oslo')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Sandakerveien%202%2C%200473%20Oslo',
    );
  });
});

describe('Norwegian counts and phone numbers (walk-through 06.12, finding 19)', () => {
  it('chooses the plural by count with Intl.PluralRules', () => {
    expect(countOf(1, 'bruker', 'brukere')).toBe('1 bruker');
    expect(countOf(0, 'bruker', 'brukere')).toBe('0 brukere');
    expect(countOf(4, 'kursdag', 'kursdager')).toBe('4 kursdager');
    expect(countOf(20, 'familie', 'familier')).toBe('20 familier');
    expect(plural(1, 'gang', 'ganger')).toBe('gang');
    expect(countOf(1500, 'krone', 'kroner')).toBe('1\u00a0500 kroner');
  });

  it("shows a Norwegian number as '962 50 253' and keeps a foreign number's country code", () => {
    expect(displayPhone('4796250253')).toBe('962 50 253');
    expect(displayPhone('+47 962 50 253')).toBe('962 50 253');
    expect(displayPhone('96250253')).toBe('962 50 253');
    expect(displayPhone('46701234567')).toBe('+46701234567');
    expect(displayPhone('')).toBe('Ikke oppgitt');
    expect(displayPhone(null)).toBe('Ikke oppgitt');
  });
});
