import { and, asc, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courseInstructors, courses, participants, places, type CourseRow } from '../db/schema';

/**
 * Courses with their dates, instructors (`course_instructors`) and participants. Only this repo queries them. A
 * course is always shown with its place, so the course queries join `places` for its name and address (read only).
 */

export type CourseSortField = 'timeFrom' | 'firstDate' | 'updatedAt' | 'createdAt';

export interface CourseQuery {
  placeId?: string;
  /** Courses whose date range overlaps [start, end]; either end may be open. Courses without dates never match. */
  start?: Date;
  end?: Date;
  nameContains?: string;
  includeUnpublished: boolean;
  sort: { field: CourseSortField; order: 'asc' | 'desc' };
  limit?: number;
}

export type CourseListRow = CourseRow & { placeName: string; placeTown: string };

const sortColumn = {
  timeFrom: courses.timeFrom,
  firstDate: courses.firstDate,
  updatedAt: courses.updatedAt,
  createdAt: courses.createdAt,
} as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findCourses(db: DbOrTx, query: CourseQuery): Promise<CourseListRow[]> {
  const conditions: (SQL | undefined)[] = [
    query.placeId ? eq(courses.placeId, query.placeId) : undefined,
    query.end ? lte(courses.firstDate, query.end) : undefined,
    query.start ? gte(courses.lastDate, query.start) : undefined,
    query.nameContains ? ilike(courses.name, `%${escapeLike(query.nameContains)}%`) : undefined,
    query.includeUnpublished ? undefined : and(eq(courses.published, true), eq(places.published, true)),
  ];
  const direction = query.sort.order === 'asc' ? asc : desc;
  // Ties (same start time) fall back to the first date, then the id, so paging and tests see a stable order.
  const order =
    query.sort.field === 'timeFrom'
      ? [asc(courses.timeFrom), sql`${courses.firstDate} asc nulls last`, asc(courses.id)]
      : [
          query.sort.order === 'asc'
            ? sql`${sortColumn[query.sort.field]} asc nulls last`
            : sql`${sortColumn[query.sort.field]} desc nulls last`,
          direction(courses.id),
        ];
  const base = db
    .select({
      course: courses,
      placeName: places.name,
      placeTown: places.place,
    })
    .from(courses)
    .innerJoin(places, eq(places.id, courses.placeId))
    .where(and(...conditions))
    .orderBy(...order);
  const rows = query.limit === undefined ? await base : await base.limit(query.limit);
  return rows.map((r) => ({ ...r.course, placeName: r.placeName, placeTown: r.placeTown }));
}

/** A course with its place: what booking, the status page, the confirmation and the calendar file need. */
export async function findCourseDetails(db: DbOrTx, courseId: string) {
  const [row] = await db
    .select({
      id: courses.id,
      name: courses.name,
      experienceLevel: courses.experienceLevel,
      dates: courses.dates,
      timeFrom: courses.timeFrom,
      timeTo: courses.timeTo,
      priceOre: courses.priceOre,
      maximumParticipants: courses.maximumParticipants,
      published: courses.published,
      placeName: places.name,
      address: places.address,
      zipCode: places.zipCode,
      town: places.place,
      placePublished: places.published,
    })
    .from(courses)
    .innerJoin(places, eq(places.id, courses.placeId))
    .where(eq(courses.id, courseId));
  return row;
}
export type CourseDetails = NonNullable<Awaited<ReturnType<typeof findCourseDetails>>>;

export async function courseExists(db: DbOrTx, courseId: string): Promise<boolean> {
  const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).limit(1);
  return !!row;
}

/** The course row, locked for the rest of the transaction: capacity decisions on one course take turns. */
export async function lockCourse(tx: DbOrTx, courseId: string) {
  const [row] = await tx
    .select({ id: courses.id, maximumParticipants: courses.maximumParticipants })
    .from(courses)
    .where(eq(courses.id, courseId))
    .for('update');
  return row;
}

// ---- instructors -------------------------------------------------------------------------------------------------

/** Instructor user ids per course, in one query (names come from the users repo). */
export async function findInstructorIds(db: DbOrTx, courseIds: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (courseIds.length === 0) return result;
  const rows = await db
    .select({ courseId: courseInstructors.courseId, userId: courseInstructors.userId })
    .from(courseInstructors)
    .where(inArray(courseInstructors.courseId, [...courseIds]));
  for (const { courseId, userId } of rows) result.set(courseId, [...(result.get(courseId) ?? []), userId]);
  return result;
}

export async function isInstructorOf(db: DbOrTx, userId: string, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: courseInstructors.userId })
    .from(courseInstructors)
    .where(and(eq(courseInstructors.courseId, courseId), eq(courseInstructors.userId, userId)))
    .limit(1);
  return !!row;
}

// ---- participants ------------------------------------------------------------------------------------------------

/** Participants per course in one grouped query (never one query per course). */
export async function countParticipants(db: DbOrTx, courseIds: readonly string[]): Promise<Map<string, number>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: participants.courseId, n: count() })
    .from(participants)
    .where(inArray(participants.courseId, [...courseIds]))
    .groupBy(participants.courseId);
  return new Map(rows.map((r) => [r.courseId, Number(r.n)]));
}

export async function countParticipantsOf(db: DbOrTx, courseId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(participants).where(eq(participants.courseId, courseId));
  return Number(row?.n ?? 0);
}

export async function findParticipant(db: DbOrTx, courseId: string, childId: string) {
  const [row] = await db
    .select({ orderId: participants.orderId })
    .from(participants)
    .where(and(eq(participants.courseId, courseId), eq(participants.childId, childId)));
  return row;
}

/** Whether one of the given children takes part in the course. */
export async function hasParticipantAmong(db: DbOrTx, courseId: string, childIds: readonly string[]): Promise<boolean> {
  if (childIds.length === 0) return false;
  const [row] = await db
    .select({ childId: participants.childId })
    .from(participants)
    .where(and(eq(participants.courseId, courseId), inArray(participants.childId, [...childIds])))
    .limit(1);
  return !!row;
}

export async function insertParticipant(tx: DbOrTx, courseId: string, childId: string, orderId: string): Promise<boolean> {
  const rows = await tx
    .insert(participants)
    .values({ courseId, childId, orderId })
    .onConflictDoNothing()
    .returning({ childId: participants.childId });
  return rows.length > 0;
}

export async function isEnrolledByOrder(db: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await db.select({ childId: participants.childId }).from(participants).where(eq(participants.orderId, orderId)).limit(1);
  return !!row;
}

/** The courses the given children take part in, with their place, by first date. */
export async function listCoursesOfChildren(db: DbOrTx, childIds: readonly string[]) {
  if (childIds.length === 0) return [];
  return db
    .select({
      childId: participants.childId,
      id: courses.id,
      name: courses.name,
      dates: courses.dates,
      timeFrom: courses.timeFrom,
      timeTo: courses.timeTo,
      experienceLevel: courses.experienceLevel,
      firstDate: courses.firstDate,
      placeId: places.id,
      placeName: places.name,
      placeTown: places.place,
    })
    .from(participants)
    .innerJoin(courses, eq(courses.id, participants.courseId))
    .innerJoin(places, eq(places.id, courses.placeId))
    .where(inArray(participants.childId, [...childIds]))
    .orderBy(asc(courses.firstDate));
}

// ---- a family's courses (course history, deletion rules) ---------------------------------------------------

/** Every course the children take or took part in, with the venue; one row per (child, course). */
export async function coursesOfChildren(db: DbOrTx, childIds: readonly string[]) {
  if (childIds.length === 0) return [];
  return db
    .select({
      childId: participants.childId,
      course: courses,
      placeName: places.name,
      placeTown: places.place,
    })
    .from(participants)
    .innerJoin(courses, eq(courses.id, participants.courseId))
    .innerJoin(places, eq(places.id, courses.placeId))
    .where(inArray(participants.childId, [...childIds]))
    .orderBy(sql`${courses.firstDate} asc nulls last`, asc(courses.id));
}

/** Children among `childIds` on a course that has not ended at `now` (a course without dates has not ended). */
export async function childrenOnRunningCourses(db: DbOrTx, childIds: readonly string[], now: Date): Promise<string[]> {
  if (childIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ childId: participants.childId })
    .from(participants)
    .innerJoin(courses, eq(courses.id, participants.courseId))
    .where(and(inArray(participants.childId, [...childIds]), sql`(${courses.lastDate} is null or ${courses.lastDate} >= ${now})`));
  return rows.map((r) => r.childId);
}

export async function deleteParticipationsOf(tx: DbOrTx, childIds: readonly string[]): Promise<void> {
  if (childIds.length === 0) return;
  await tx.delete(participants).where(inArray(participants.childId, [...childIds]));
}

/** An instructor's courses whose last date is at or after `from` (or that have no dates yet), earliest first. */
export async function coursesTaughtBy(db: DbOrTx, userId: string, from: Date) {
  return db
    .select({ course: courses, placeName: places.name, placeTown: places.place })
    .from(courseInstructors)
    .innerJoin(courses, eq(courses.id, courseInstructors.courseId))
    .innerJoin(places, eq(places.id, courses.placeId))
    .where(and(eq(courseInstructors.userId, userId), sql`(${courses.lastDate} is null or ${courses.lastDate} >= ${from})`))
    .orderBy(sql`${courses.firstDate} asc nulls last`, asc(courses.id));
}
