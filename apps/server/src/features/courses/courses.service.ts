import { z } from 'zod';
import { courseBooking, coursesQuerySchema, freePlaces, osloWeekday, placeCoursesQuerySchema, placeSlug, type Course } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { requireVisiblePlace } from '../places/places.service';
import { assertOrdered, windowFromQuery } from './course-window';
import * as repo from './courses.repo';
import { seesUnpublished, type Viewer } from './viewer';

export type PlaceCoursesQuery = z.infer<typeof placeCoursesQuerySchema>;
export type CoursesQuery = z.infer<typeof coursesQuerySchema>;

/** Spec §7: the "last modified" list without place and dates. */
export const LAST_MODIFIED_DEFAULT_LIMIT = 5;
/** Between-dates lists without an explicit limit (the dashboard's "today" and similar). */
export const BETWEEN_DATES_DEFAULT_LIMIT = 200;

/** Spec §7 GET /places/{id}/courses: courses overlapping the window, by start time then first date. */
export async function listPlaceCourses(
  db: DbOrTx,
  placeId: string,
  query: PlaceCoursesQuery,
  viewer: Viewer,
  now = new Date(),
): Promise<Course[]> {
  await requireVisiblePlace(db, placeId, viewer);
  const window = windowFromQuery(query, now);
  const rows = await repo.findCourses(db, {
    placeId,
    start: window.start,
    end: window.end,
    includeUnpublished: seesUnpublished(viewer),
    sort: { field: 'timeFrom', order: 'asc' },
    limit: query.limit,
  });
  return toCourses(db, rows, now);
}

/**
 * Spec §7 GET /courses. With pId: that place's courses (default window). Without pId and dates: the last modified
 * (updatedAt desc, 5). With startDate and/or endDate: the courses between them.
 */
export async function listCourses(db: DbOrTx, query: CoursesQuery, viewer: Viewer, now = new Date()): Promise<Course[]> {
  const includeUnpublished = seesUnpublished(viewer);
  const order = query.sortOrder;
  const base = { includeUnpublished, nameContains: query.name?.trim() || undefined };

  if (query.pId) {
    await requireVisiblePlace(db, query.pId, viewer);
    const window = windowFromQuery(query, now);
    const rows = await repo.findCourses(db, {
      ...base,
      placeId: query.pId,
      start: window.start,
      end: window.end,
      sort: query.sortField ? { field: query.sortField, order: order ?? 'asc' } : { field: 'timeFrom', order: 'asc' },
      limit: query.limit,
    });
    return toCourses(db, rows, now);
  }

  if (query.startDate === undefined && query.endDate === undefined) {
    const rows = await repo.findCourses(db, {
      ...base,
      sort: { field: query.sortField ?? 'updatedAt', order: order ?? 'desc' },
      limit: query.limit ?? LAST_MODIFIED_DEFAULT_LIMIT,
    });
    return toCourses(db, rows, now);
  }

  const start = query.startDate === undefined ? undefined : new Date(query.startDate);
  const end = query.endDate === undefined ? undefined : new Date(query.endDate);
  assertOrdered(start, end);
  const rows = await repo.findCourses(db, {
    ...base,
    start,
    end,
    sort: { field: query.sortField ?? 'firstDate', order: order ?? 'asc' },
    limit: query.limit ?? BETWEEN_DATES_DEFAULT_LIMIT,
  });
  return toCourses(db, rows, now);
}

/** Public course shape: counts but never participant identities (those are for instructors and admins). */
async function toCourses(db: DbOrTx, rows: repo.CourseListRow[], now: Date): Promise<Course[]> {
  const ids = rows.map((r) => r.id);
  const [counts, instructors] = await Promise.all([repo.countParticipants(db, ids), repo.findInstructors(db, ids)]);
  return rows.map((row) => {
    const participantsCount = counts.get(row.id) ?? 0;
    const booking = courseBooking({ ...row, dates: row.dates.map(toDate) }, now);
    return {
      _id: row.id,
      name: row.name,
      place: { _id: row.placeId, name: row.placeName, slug: placeSlug(row.placeName), place: row.placeTown },
      dates: row.dates.map((d) => toDate(d).toISOString()),
      timeFrom: row.timeFrom,
      timeTo: row.timeTo,
      weekday: row.firstDate ? osloWeekday(row.firstDate) : null,
      experienceLevel: row.experienceLevel,
      participantsAge: row.participantsAge,
      ageMinMonths: row.ageMinMonths,
      ageMaxMonths: row.ageMaxMonths,
      lateBookingMaxPassed: row.lateBookingMaxPassed,
      proRata: row.proRata,
      price: row.priceOre / 100,
      booking: {
        state: booking.state,
        remainingDates: booking.remainingDates.map((d) => d.toISOString()),
        price: booking.priceOre / 100,
      },
      maximumParticipants: row.maximumParticipants,
      participantsCount,
      freePlaces: freePlaces(row.maximumParticipants, participantsCount),
      instructors: (instructors.get(row.id) ?? []).map((i) => ({ _id: i.id, firstName: i.firstName, lastName: i.lastName })),
      info: row.info,
      published: row.published,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

// Drivers differ on timestamp arrays (Date on node-postgres, text on PGlite); both are parsed here.
const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
