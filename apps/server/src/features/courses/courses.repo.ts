import { and, asc, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseInstructors, courses, participants, places, users, type CourseRow } from '../../db/schema';

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

export interface InstructorName {
  id: string;
  firstName: string;
  lastName: string;
}

export async function findInstructors(db: DbOrTx, courseIds: readonly string[]): Promise<Map<string, InstructorName[]>> {
  const result = new Map<string, InstructorName[]>();
  if (courseIds.length === 0) return result;
  const rows = await db
    .select({ courseId: courseInstructors.courseId, id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(courseInstructors)
    .innerJoin(users, eq(users.id, courseInstructors.userId))
    .where(inArray(courseInstructors.courseId, [...courseIds]))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  for (const { courseId, ...instructor } of rows) {
    const list = result.get(courseId) ?? [];
    list.push(instructor);
    result.set(courseId, list);
  }
  return result;
}

/** Takes a child off a course (the place becomes free); true when the child was on it. */
export async function removeParticipant(db: DbOrTx, courseId: string, childId: string): Promise<boolean> {
  const rows = await db
    .delete(participants)
    .where(and(eq(participants.courseId, courseId), eq(participants.childId, childId)))
    .returning({ childId: participants.childId });
  return rows.length > 0;
}
