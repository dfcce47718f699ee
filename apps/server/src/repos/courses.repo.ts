import { and, asc, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { attendance, children, courseInstructors, courses, participants, places, waitlistEntries, type CourseRow } from '../db/schema';
import * as changes from './changes.repo';

/** Courses with their dates, instructors and participants; only this repo queries them. Queries join `places` (read only). */

export type CourseSortField = 'timeFrom' | 'firstDate' | 'updatedAt' | 'createdAt';

export interface CourseQuery {
  placeId?: string;
  /** Courses whose date range overlaps [start, end]; either end may be open. Courses without dates never match. */
  start?: Date;
  end?: Date;
  nameContains?: string;
  /** Only courses this user teaches. */
  instructorId?: string;
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
    query.instructorId
      ? sql`exists (select 1 from ${courseInstructors} ci where ci.course_id = ${courses.id} and ci.user_id = ${query.instructorId})`
      : undefined,
    query.includeUnpublished ? undefined : and(eq(courses.published, true), eq(places.published, true)),
  ];
  const { field, order: direction } = query.sort;
  const dir = direction === 'asc' ? asc : desc;
  // Ties (same start time) fall back to the first date, then the id, so paging and tests see a stable order.
  const order =
    field === 'timeFrom'
      ? [asc(courses.timeFrom), sql`${courses.firstDate} asc nulls last`, asc(courses.id)]
      : [sql`${sortColumn[field]} ${sql.raw(direction === 'asc' ? 'asc' : 'desc')} nulls last`, dir(courses.id)];
  const base = db
    .select({ course: courses, placeName: places.name, placeTown: places.place })
    .from(courses)
    .innerJoin(places, eq(places.id, courses.placeId))
    .where(and(...conditions))
    .orderBy(...order);
  const rows = query.limit === undefined ? await base : await base.limit(query.limit);
  return rows.map((r) => ({ ...r.course, placeName: r.placeName, placeTown: r.placeTown }));
}

/** What findCourseDetails reads: a course with its place. */
const courseDetailsFields = {
  ...changes.courseHeadFields,
  priceOre: courses.priceOre,
  maximumParticipants: courses.maximumParticipants,
  published: courses.published,
  ageMinMonths: courses.ageMinMonths,
  ageMaxMonths: courses.ageMaxMonths,
  lateBookingMaxPassed: courses.lateBookingMaxPassed,
  proRata: courses.proRata,
  waitlistClosed: courses.waitlistClosed,
  priorityCourseIds: courses.priorityCourseIds,
  openToAllAt: courses.openToAllAt,
  opensAt: courses.opensAt,
  placeId: courses.placeId,
  placeName: places.name,
  address: places.address,
  zipCode: places.zipCode,
  town: places.place,
  placePublished: places.published,
};

/** A course with its place: what booking, the status page, the confirmation and the calendar file need. */
export async function findCourseDetails(db: DbOrTx, courseId: string) {
  const [row] = await db.select(courseDetailsFields).from(courses).innerJoin(places, eq(places.id, courses.placeId)).where(eq(courses.id, courseId));
  return row;
}

/** findCourseDetails for many courses in one query, by id. */
export async function findCoursesDetails(db: DbOrTx, courseIds: readonly string[]) {
  if (courseIds.length === 0) return new Map<string, Awaited<ReturnType<typeof findCourseDetails>> & object>();
  const rows = await db
    .select(courseDetailsFields)
    .from(courses)
    .innerJoin(places, eq(places.id, courses.placeId))
    .where(inArray(courses.id, [...new Set(courseIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** findCourseDetails and more expressions on the course row, as one statement to run or prepare. */
export const courseDetailsWithQuery = <T extends Record<string, SQL>>(db: DbOrTx, courseId: string, more: T) =>
  db
    .select({ ...courseDetailsFields, ...more })
    .from(courses)
    .innerJoin(places, eq(places.id, courses.placeId))
    .where(eq(courses.id, courseId));

export async function courseExists(db: DbOrTx, courseId: string): Promise<boolean> {
  const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).limit(1);
  return !!row;
}

/**
 * The course lock: the course row, FOR UPDATE, so capacity decisions on one course take turns; only the seat ledger
 * takes it. `skipLocked`: undefined when another transaction holds it (a job tries again on its next tick).
 */
export async function lockCourse(tx: DbOrTx, courseId: string, options: { skipLocked?: boolean } = {}) {
  const [row] = await tx
    .select({ id: courses.id, maximumParticipants: courses.maximumParticipants, waitlistClosed: courses.waitlistClosed })
    .from(courses)
    .where(eq(courses.id, courseId))
    .for('update', options.skipLocked ? { skipLocked: true } : undefined);
  return row;
}

// ---- waitlist and priority settings of a course (decision 016; entries live in waitlist.repo.ts) -----------------

export async function setWaitlistClosed(tx: DbOrTx, courseId: string, closed: boolean): Promise<boolean> {
  const rows = await tx.update(courses).set({ waitlistClosed: closed }).where(eq(courses.id, courseId)).returning({ id: courses.id });
  return rows.length > 0;
}

/** Marks the course as the next step of earlier courses; a new window means a new invitation. */
export async function setPriority(tx: DbOrTx, courseId: string, priorityCourseIds: readonly string[], openToAllAt: Date | null): Promise<boolean> {
  const rows = await tx
    .update(courses)
    .set({ priorityCourseIds: [...priorityCourseIds], openToAllAt, priorityInvitedAt: null })
    .where(eq(courses.id, courseId))
    .returning({ id: courses.id });
  return rows.length > 0;
}

/** The course's earlier courses and the end of its window (null: none set); undefined: no such course. */
export async function findPriority(db: DbOrTx, courseId: string) {
  const [row] = await db
    .select({ priorityCourseIds: courses.priorityCourseIds, openToAllAt: courses.openToAllAt })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row;
}

/** Which of `ids` are courses (an admin's list of earlier courses is checked against it). */
export async function existingCourseIds(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, [...ids]));
  return rows.map((r) => r.id);
}

/** Claims the priority invitation of courses whose window is open and not yet announced: once, the update is the claim. */
export async function claimPriorityInvitations(tx: DbOrTx, now: Date, limit: number) {
  const due = tx
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        sql`cardinality(${courses.priorityCourseIds}) > 0`,
        sql`${courses.priorityInvitedAt} is null`,
        sql`${courses.openToAllAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(courses)
    .set({ priorityInvitedAt: now, updatedAt: sql`${courses.updatedAt}` })
    .where(inArray(courses.id, due))
    .returning({ id: courses.id, name: courses.name, placeId: courses.placeId, priorityCourseIds: courses.priorityCourseIds, openToAllAt: courses.openToAllAt });
}

/** Whether the child took part in one of the courses (returning swimmers). */
export async function tookPartInAny(db: DbOrTx, childId: string, courseIds: readonly string[]): Promise<boolean> {
  return courseIds.length > 0 && anyParticipant(db, and(eq(participants.childId, childId), inArray(participants.courseId, [...courseIds])));
}

/** Whether a participant row matches (one row read at the most). */
async function anyParticipant(db: DbOrTx, where: SQL | undefined): Promise<boolean> {
  const [row] = await db.select({ childId: participants.childId }).from(participants).where(where).limit(1);
  return !!row;
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

/** Whether the child takes part in a course the user teaches (one query: no hint whether the child exists). */
export async function teachesChild(db: DbOrTx, userId: string, childId: string): Promise<boolean> {
  const [row] = await db
    .select({ courseId: participants.courseId })
    .from(participants)
    .innerJoin(courseInstructors, eq(courseInstructors.courseId, participants.courseId))
    .where(and(eq(participants.childId, childId), eq(courseInstructors.userId, userId)))
    .limit(1);
  return !!row;
}

/** Of the given children, those on a course the user teaches (one query). */
export async function childrenTaughtBy(db: DbOrTx, userId: string, childIds: readonly string[]): Promise<Set<string>> {
  if (childIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ childId: participants.childId })
    .from(participants)
    .innerJoin(courseInstructors, eq(courseInstructors.courseId, participants.courseId))
    .where(and(inArray(participants.childId, [...new Set(childIds)]), eq(courseInstructors.userId, userId)));
  return new Set(rows.map((r) => r.childId));
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

/** Values about one course from scalar subqueries, in one statement; undefined when there is no such course. */
export async function selectOnCourse<T extends Record<string, unknown>>(db: DbOrTx, courseId: string, fields: { [K in keyof T]: SQL<T[K]> }): Promise<T | undefined> {
  const [row] = await db.select(fields as Record<string, SQL>).from(courses).where(eq(courses.id, courseId));
  return row as T | undefined;
}

export async function countParticipantsOf(db: DbOrTx, courseId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(participants).where(eq(participants.courseId, courseId));
  return Number(row?.n ?? 0);
}

/** The child's participant row on the course, as a subquery. */
export const participantQuery = (db: DbOrTx, courseId: string, childId: string) =>
  db
    .select({ orderId: participants.orderId })
    .from(participants)
    .where(and(eq(participants.courseId, courseId), eq(participants.childId, childId)));

/** Which of the children are participants of the course, as a subquery (their ids). */
export const participantChildIdsQuery = (db: DbOrTx, courseId: string, childIds: readonly string[]) =>
  db
    .select({ childId: participants.childId })
    .from(participants)
    .where(and(eq(participants.courseId, courseId), inArray(participants.childId, [...childIds])));

export async function findParticipant(db: DbOrTx, courseId: string, childId: string) {
  const [row] = await participantQuery(db, courseId, childId);
  return row;
}

/** Whether one of the given children takes part in the course. */
export async function hasParticipantAmong(db: DbOrTx, courseId: string, childIds: readonly string[]): Promise<boolean> {
  return childIds.length > 0 && anyParticipant(db, and(eq(participants.courseId, courseId), inArray(participants.childId, [...childIds])));
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
  const rows = await coursesOfChildren(db, childIds);
  // Narrowed to what the family pages show.
  return rows.map(({ childId, course: { id, name, dates, timeFrom, timeTo, experienceLevel, firstDate, placeId }, placeName, placeTown }) =>
    ({ childId, id, name, dates, timeFrom, timeTo, experienceLevel, firstDate, placeId, placeName, placeTown }));
}

// ---- writes (admin) -----------------------------------------------------------------------------------------------

export type CourseValues = Omit<typeof courses.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertCourse(tx: DbOrTx, values: CourseValues): Promise<CourseRow> {
  const [row] = await tx.insert(courses).values(values).returning();
  return row!;
}

export async function updateCourse(tx: DbOrTx, id: string, values: CourseValues): Promise<CourseRow | undefined> {
  const [row] = await tx.update(courses).set(values).where(eq(courses.id, id)).returning();
  return row;
}

export async function deleteCourse(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx.delete(courses).where(eq(courses.id, id)).returning({ id: courses.id });
  return rows.length > 0;
}

export async function replaceInstructors(tx: DbOrTx, courseId: string, userIds: readonly string[]): Promise<void> {
  await tx.delete(courseInstructors).where(eq(courseInstructors.courseId, courseId));
  if (userIds.length) await tx.insert(courseInstructors).values(userIds.map((userId) => ({ courseId, userId })));
}

/** One course with its place's name and town. */
export async function findCourseRow(db: DbOrTx, id: string): Promise<CourseListRow | undefined> {
  const [row] = await db
    .select({ course: courses, placeName: places.name, placeTown: places.place })
    .from(courses)
    .innerJoin(places, eq(places.id, courses.placeId))
    .where(eq(courses.id, id));
  return row ? { ...row.course, placeName: row.placeName, placeTown: row.placeTown } : undefined;
}

// ---- participants (admin writes, the list for instructors and admins) ---------------------------------------------

/** The children on these courses, by first name (one query for a whole list of courses; children read only). */
export function findParticipants(db: DbOrTx, courseIds: readonly string[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      courseId: participants.courseId,
      childId: children.id,
      firstName: children.firstName,
      lastName: children.lastName,
      birthdate: children.birthdate,
      profileId: children.profileId,
      capacityOverride: participants.capacityOverride,
    })
    .from(participants)
    .innerJoin(children, eq(children.id, participants.childId))
    .where(inArray(participants.courseId, [...courseIds]))
    .orderBy(asc(children.firstName), asc(children.lastName), asc(children.id));
}

export async function insertAdminParticipant(
  tx: DbOrTx,
  values: { courseId: string; childId: string; addedBy: string; capacityOverride: boolean },
): Promise<void> {
  await tx.insert(participants).values({ ...values, orderId: null });
}

export async function deleteParticipant(db: DbOrTx, courseId: string, childId: string): Promise<boolean> {
  const rows = await db
    .delete(participants)
    .where(and(eq(participants.courseId, courseId), eq(participants.childId, childId)))
    .returning({ childId: participants.childId });
  return rows.length > 0;
}

/** The child's place moves to another course; its order (the payment) goes with it. */
export async function moveParticipant(
  tx: DbOrTx,
  move: { fromCourseId: string; toCourseId: string; childId: string; movedBy: string; capacityOverride: boolean },
): Promise<boolean> {
  const rows = await tx
    .update(participants)
    .set({ courseId: move.toCourseId, addedBy: move.movedBy, capacityOverride: move.capacityOverride })
    .where(and(eq(participants.courseId, move.fromCourseId), eq(participants.childId, move.childId)))
    .returning({ childId: participants.childId });
  return rows.length > 0;
}

// ---- attendance -------------------------------------------------------------------------------------------------

export async function findAttendance(db: DbOrTx, courseId: string) {
  return db
    .select({ childId: attendance.childId, date: attendance.date, present: attendance.present })
    .from(attendance)
    .where(eq(attendance.courseId, courseId))
    .orderBy(asc(attendance.date), asc(attendance.childId));
}

/** One row per (course, child, date); a mark replaces only an older one, so a batch sent twice or a late mark changes nothing. */
export async function upsertAttendance(
  tx: DbOrTx,
  courseId: string,
  markedBy: string,
  marks: readonly { childId: string; date: Date; present: boolean; markedAt: Date }[],
): Promise<void> {
  if (marks.length === 0) return;
  await tx
    .insert(attendance)
    .values(marks.map((m) => ({ courseId, markedBy, ...m })))
    .onConflictDoUpdate({
      target: [attendance.courseId, attendance.childId, attendance.date],
      set: {
        present: sql`excluded.present`,
        markedAt: sql`excluded.marked_at`,
        markedBy: sql`excluded.marked_by`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`excluded.marked_at >= ${attendance.markedAt}`,
    });
}

// ---- a family's courses (course history, deletion rules) ---------------------------------------------------

/** Every course the children take or took part in, with the venue; one row per (child, course). */
export async function coursesOfChildren(db: DbOrTx, childIds: readonly string[]) {
  if (childIds.length === 0) return [];
  return db
    .select({ childId: participants.childId, course: courses, placeName: places.name, placeTown: places.place })
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

/** On a course that has not ended, or waiting or offered one: the child's birth date then changes only by an admin (decision 034). */
export async function hasCurrentBooking(db: DbOrTx, childId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ booked: sql<boolean>`(
      exists (select 1 from ${participants} p join ${courses} c on c.id = p.course_id
              where p.child_id = ${childId} and exists (select 1 from unnest(c.dates) d where d >= ${now.toISOString()}::timestamptz))
      or exists (select 1 from ${waitlistEntries} w where w.child_id = ${childId} and w.status in ('waiting','offered')))` })
    .from(sql`(select 1) as one`);
  return row?.booked === true;
}
