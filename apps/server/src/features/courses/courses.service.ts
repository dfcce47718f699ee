import { z } from 'zod';
import { coursesQuerySchema, freePlaces, osloWeekday, placeCoursesQuerySchema, placeSlug, type Course } from '@app/shared';
import { seesUnpublished } from '../../access/access';
import type { ServiceContext } from '../../context';
import { AppError } from '../../plugins/errors';
import * as repo from '../../repos/courses.repo';
import * as places from '../../repos/places.repo';
import * as users from '../../repos/users.repo';
import { assertOrdered, windowFromQuery } from './course-window';

export type PlaceCoursesQuery = z.infer<typeof placeCoursesQuerySchema>;
export type CoursesQuery = z.infer<typeof coursesQuerySchema>;

/** Spec §7: the "last modified" list without place and dates. */
export const LAST_MODIFIED_DEFAULT_LIMIT = 5;
/** Between-dates lists without an explicit limit (the dashboard's "today" and similar). */
export const BETWEEN_DATES_DEFAULT_LIMIT = 200;

/** Spec §7 GET /places/{id}/courses: courses overlapping the window, by start time then first date. */
export async function listPlaceCourses(ctx: ServiceContext, placeId: string, query: PlaceCoursesQuery): Promise<Course[]> {
  await requireVisiblePlace(ctx, placeId);
  const window = windowFromQuery(query, ctx.clock.now());
  const rows = await repo.findCourses(ctx.db, {
    placeId,
    start: window.start,
    end: window.end,
    includeUnpublished: seesUnpublished(ctx.viewer),
    sort: { field: 'timeFrom', order: 'asc' },
    limit: query.limit,
  });
  return toCourses(ctx, rows);
}

/**
 * Spec §7 GET /courses. With pId: that place's courses (default window). Without pId and dates: the last modified
 * (updatedAt desc, 5). With startDate and/or endDate: the courses between them.
 */
export async function listCourses(ctx: ServiceContext, query: CoursesQuery): Promise<Course[]> {
  const { db } = ctx;
  const includeUnpublished = seesUnpublished(ctx.viewer);
  const order = query.sortOrder;
  const base = { includeUnpublished, nameContains: query.name?.trim() || undefined };

  if (query.pId) {
    await requireVisiblePlace(ctx, query.pId);
    const window = windowFromQuery(query, ctx.clock.now());
    const rows = await repo.findCourses(db, {
      ...base,
      placeId: query.pId,
      start: window.start,
      end: window.end,
      sort: query.sortField ? { field: query.sortField, order: order ?? 'asc' } : { field: 'timeFrom', order: 'asc' },
      limit: query.limit,
    });
    return toCourses(ctx, rows);
  }

  if (query.startDate === undefined && query.endDate === undefined) {
    const rows = await repo.findCourses(db, {
      ...base,
      sort: { field: query.sortField ?? 'updatedAt', order: order ?? 'desc' },
      limit: query.limit ?? LAST_MODIFIED_DEFAULT_LIMIT,
    });
    return toCourses(ctx, rows);
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
  return toCourses(ctx, rows);
}

/** The place a viewer may see, or NOT_FOUND (an unpublished place is as absent as an unknown one to visitors). */
async function requireVisiblePlace(ctx: ServiceContext, id: string): Promise<void> {
  const row = await places.findPlaceRow(ctx.db, id);
  if (!row || (!row.published && !seesUnpublished(ctx.viewer))) throw new AppError('NOT_FOUND', 'Place not found');
}

const byName = (a: users.UserContact, b: users.UserContact) =>
  a.firstName.localeCompare(b.firstName, 'nb') || a.lastName.localeCompare(b.lastName, 'nb') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Each course's instructors, by name: ids from the courses repo, names from the users repo (two queries). */
async function instructorsOf(ctx: ServiceContext, courseIds: readonly string[]): Promise<Map<string, users.UserContact[]>> {
  const idsByCourse = await repo.findInstructorIds(ctx.db, courseIds);
  const contacts = await users.findUserContacts(ctx.db, [...idsByCourse.values()].flat());
  const result = new Map<string, users.UserContact[]>();
  for (const [courseId, userIds] of idsByCourse) {
    const list = userIds.map((id) => contacts.get(id)).filter((c): c is users.UserContact => !!c);
    result.set(courseId, list.sort(byName));
  }
  return result;
}

/** Public course shape: counts but never participant identities (those are for instructors and admins). */
async function toCourses(ctx: ServiceContext, rows: repo.CourseListRow[]): Promise<Course[]> {
  const ids = rows.map((r) => r.id);
  const [counts, instructors] = await Promise.all([repo.countParticipants(ctx.db, ids), instructorsOf(ctx, ids)]);
  return rows.map((row) => {
    const participantsCount = counts.get(row.id) ?? 0;
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
      instructors: (instructors.get(row.id) ?? []).map((i) => ({ _id: i.id, firstName: i.firstName, lastName: i.lastName })),
      info: row.info,
      published: row.published,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

// Drivers differ on timestamp arrays (Date on node-postgres, text on PGlite); both are parsed here.
const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
