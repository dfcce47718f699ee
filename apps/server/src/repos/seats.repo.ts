import { and, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courses, seatClaims as claims } from '../db/schema';
import { firstHoldEndInMsQuery } from './orders.repo';

/** The seat ledger's claims (the read-only view seat_claims), as scalar subqueries: each question is one statement. */

/** Not counted against a claim: one order's own hold and one child's own offer or rollover reservation (its parent is paying for it). */
export type SeatExclude = { orderId?: string; childId?: string };

const onCourse = (courseId: string) => eq(claims.courseId, courseId);

/** Claims on every date of the course (all but make-ups), less the excluded hold and the child's own reservation. */
const onEveryDate = (courseId: string, exclude: SeatExclude) =>
  and(
    onCourse(courseId),
    ne(claims.kind, 'makeup'),
    exclude.orderId ? sql`(${claims.kind} <> 'hold' or ${claims.orderId} <> ${exclude.orderId})` : undefined,
    exclude.childId ? sql`(${claims.kind} not in ('offer', 'rollover') or ${claims.childId} <> ${exclude.childId})` : undefined,
  );

/** THE places taken on a course: the claims on every date plus the make-ups on its fullest date (a booking takes every date). */
export const takenSql = (db: DbOrTx, courseId: string, exclude: SeatExclude = {}) =>
  sql<string>`${db.select({ n: count() }).from(claims).where(onEveryDate(courseId, exclude))} + coalesce((select max(n) from (select count(*) as n from ${claims}
    where ${onCourse(courseId)} and ${claims.kind} = 'makeup' group by ${claims.onDate}) m), 0)`;

/** THE places taken on one date of a course: the claims on every date plus the make-ups on that date. */
export const takenOnDateSql = (db: DbOrTx, courseId: string, date: Date) =>
  sql<string>`${db
    .select({ n: count() })
    .from(claims)
    .where(and(onCourse(courseId), or(ne(claims.kind, 'makeup'), eq(claims.onDate, date))))}`;

/** Which of the children have a claim of these kinds on the course, as an array expression (their ids). */
export const claimantsSql = (db: DbOrTx, courseId: string, kinds: readonly string[], childIds: readonly string[]) =>
  sql<string[]>`array${db
    .select({ childId: claims.childId })
    .from(claims)
    .where(and(onCourse(courseId), inArray(claims.kind, [...kinds]), inArray(claims.childId, [...childIds])))}`;

/** The course of the row being selected, where an expression takes a course id (a correlated subquery). */
const eachCourse = sql`${courses.id}` as unknown as string;

export interface CoursePlaces {
  participants: number;
  /** takenSql: what a payment start counts. */
  taken: number;
  /** Milliseconds until the first live hold on the course runs out (its places free up then), or null. */
  holdEndsInMs: number | null;
}

/** Participants and places taken (takenSql, the expression a payment start asks) per course, in one statement. */
export async function placesOfCourses(db: DbOrTx, courseIds: readonly string[]): Promise<Map<string, CoursePlaces>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: courses.id,
      participants: sql<string>`${db.select({ n: count() }).from(claims).where(and(onCourse(eachCourse), eq(claims.kind, 'participant')))}`,
      taken: takenSql(db, eachCourse),
      holdEndsInMs: sql<string | null>`${firstHoldEndInMsQuery(db, eachCourse)}`,
    })
    .from(courses)
    .where(inArray(courses.id, [...courseIds]));
  return new Map(
    rows.map((r) => [
      r.id,
      { participants: Number(r.participants), taken: Number(r.taken), holdEndsInMs: r.holdEndsInMs === null ? null : Math.max(0, Number(r.holdEndsInMs)) },
    ]),
  );
}
