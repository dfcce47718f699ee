import { z } from 'zod';
import {
  coursesQuerySchema,
  freePlaces,
  osloWeekday,
  placeCoursesQuerySchema,
  placeSlug,
  type Course,
  type CourseInput,
  type Participant,
} from '@app/shared';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { countTaken, lockCourse, setLockTimeout } from '../booking/booking.repo';
import { busyAsAppError } from '../booking/context';
import { findPlaceRow } from '../places/places.repo';
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
  return toCourses(db, rows, viewer);
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
    return toCourses(db, rows, viewer);
  }

  if (query.startDate === undefined && query.endDate === undefined) {
    const rows = await repo.findCourses(db, {
      ...base,
      sort: { field: query.sortField ?? 'updatedAt', order: order ?? 'desc' },
      limit: query.limit ?? LAST_MODIFIED_DEFAULT_LIMIT,
    });
    return toCourses(db, rows, viewer);
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
  return toCourses(db, rows, viewer);
}

/**
 * The course shape. Visitors and parents get counts but never participant identities; an admin gets every course's
 * participants (with the profile link), an instructor those of the courses they teach (spec §2).
 */
export async function toCourses(db: DbOrTx, rows: repo.CourseListRow[], viewer: Viewer): Promise<Course[]> {
  const ids = rows.map((r) => r.id);
  const [counts, instructors] = await Promise.all([repo.countParticipants(db, ids), repo.findInstructors(db, ids)]);
  const seesAll = !!viewer?.isAdmin;
  const teaches = (courseId: string) =>
    !!viewer?.isInstructor && (instructors.get(courseId) ?? []).some((i) => i.id === viewer.id);
  const visible = ids.filter((id) => seesAll || teaches(id));
  const participants = new Map<string, Participant[]>();
  for (const p of await repo.findParticipants(db, visible)) {
    const list = participants.get(p.courseId) ?? [];
    list.push({
      _id: p.childId,
      firstName: p.firstName,
      lastName: p.lastName,
      birthdate: p.birthdate,
      profileId: seesAll ? p.profileId : null,
    });
    participants.set(p.courseId, list);
  }
  return rows.map((row) => {
    const participantsCount = counts.get(row.id) ?? 0;
    const shown = seesAll || teaches(row.id);
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
      price: row.priceOre / 100,
      maximumParticipants: row.maximumParticipants,
      participantsCount,
      freePlaces: freePlaces(row.maximumParticipants, participantsCount),
      ...(shown ? { participants: participants.get(row.id) ?? [] } : {}),
      instructors: (instructors.get(row.id) ?? []).map((i) => ({ _id: i.id, firstName: i.firstName, lastName: i.lastName })),
      info: row.info,
      published: row.published,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

// Drivers differ on timestamp arrays (Date on node-postgres, text on PGlite); both are parsed here.
const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

// ---- writes (admin; the role gate is the route's) -------------------------------------------------------------

/** Form input to a row: dates sorted and deduplicated (spec §3 "sorted ascending on save"), price kr → øre. */
function courseValues(input: CourseInput): repo.CourseValues {
  const dates = [...new Set(input.dates.map((d) => Date.parse(d)))].sort((a, b) => a - b).map((ms) => new Date(ms));
  return {
    name: input.name.trim() || `${input.experienceLevel}, ${input.participantsAge}`,
    placeId: input.placeId,
    dates,
    firstDate: dates[0] ?? null,
    lastDate: dates.at(-1) ?? null,
    timeFrom: input.timeFrom,
    timeTo: input.timeTo,
    experienceLevel: input.experienceLevel,
    participantsAge: input.participantsAge,
    priceOre: Math.round(input.price * 100),
    maximumParticipants: input.maximumParticipants,
    info: input.info.trim(),
    published: input.published,
  };
}

/** The references the schema cannot check: the place exists, every instructor id is a user with the instructor role. */
async function checkReferences(db: DbOrTx, input: CourseInput): Promise<string[]> {
  if (!(await findPlaceRow(db, input.placeId))) throw new AppError('VALIDATION', 'Invalid input: unknown placeId');
  const wanted = [...new Set(input.instructors)];
  const known = await repo.findInstructorIds(db, wanted);
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length) throw new AppError('UNKNOWN_INSTRUCTOR', `Invalid input: unknown instructor ${unknown.join(', ')}`);
  return wanted;
}

async function courseFor(db: DbOrTx, id: string, viewer: Viewer): Promise<Course> {
  const row = await repo.findCourseRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Course not found');
  const [course] = await toCourses(db, [row], viewer);
  return course!;
}

/** POST /courses: returns the created course. */
export async function createCourse(db: Db, input: CourseInput, viewer: Viewer): Promise<Course> {
  const instructors = await checkReferences(db, input);
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertCourse(tx, courseValues(input));
    await repo.replaceInstructors(tx, row.id, instructors);
    return row.id;
  });
  return courseFor(db, id, viewer);
}

/** PATCH /courses/:id: the whole course from the form; returns the updated course. */
export async function updateCourse(db: Db, id: string, input: CourseInput, viewer: Viewer): Promise<Course> {
  const instructors = await checkReferences(db, input);
  await db.transaction(async (tx) => {
    if (!(await repo.updateCourse(tx, id, courseValues(input)))) throw new AppError('NOT_FOUND', 'Course not found');
    await repo.replaceInstructors(tx, id, instructors);
  });
  return courseFor(db, id, viewer);
}

/**
 * DELETE /courses/:id. A course with children on it, or with a parent in the middle of paying for a place, is not
 * deleted (COURSE_HAS_PARTICIPANTS): move or refund them first (decision 007). Decided under the course row lock
 * that payment starts take, so no hold can slip in between the check and the delete.
 */
export async function deleteCourse(db: Db, id: string): Promise<void> {
  await busyAsAppError(() =>
    db.transaction(async (tx) => {
      await setLockTimeout(tx);
      if (!(await lockCourse(tx, id))) throw new AppError('NOT_FOUND', 'Course not found');
      if ((await countTaken(tx, id)) > 0) throw new AppError('COURSE_HAS_PARTICIPANTS', 'The course has participants');
      await repo.deleteCourse(tx, id);
    }),
  );
}

/**
 * GET /users/instructors/:id/courses: the instructor's courses that have not ended (the last date is today or
 * later), first date first, with the participants of each (they teach them all). Also shown on their own profile
 * ('Som instruktør').
 */
export async function listInstructorCourses(db: DbOrTx, instructorId: string, viewer: Viewer, now = new Date()): Promise<Course[]> {
  const startOfToday = new Date(now);
  startOfToday.setUTCHours(0, 0, 0, 0);
  const rows = await repo.findCourses(db, {
    instructorId,
    start: startOfToday,
    includeUnpublished: true,
    sort: { field: 'firstDate', order: 'asc' },
    limit: 200,
  });
  return toCourses(db, rows, viewer);
}
