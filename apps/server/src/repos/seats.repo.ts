import { and, count, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courses, seatClaims as claims } from '../db/schema';
import { firstHoldEndInMsQuery } from './orders.repo';

/** The seat ledger's claims (the read-only view seat_claims), as scalar subqueries: each question is one statement. */

/** Not counted against a claim: one order's own hold and one child's own offer or rollover reservation (its parent is paying for it). */
export type SeatExclude = { orderId?: string; childId?: string };

const onCourse = (courseId: string) => eq(claims.courseId, courseId);

/** The per-date kinds: a make-up takes a place on its date, an absence frees one there (a negative claim, decision 061). */
const PER_DATE = ['makeup', 'absence'];
/** A per-date claim's weight on its date. */
const perDateWeight = sql`case when ${claims.kind} = 'absence' then -1 else 1 end`;

/** Claims on every date of the course (all but make-ups and absences), less the excluded hold and the child's own offer or reservation. */
const onEveryDate = (courseId: string, exclude: SeatExclude) =>
  and(
    onCourse(courseId),
    notInArray(claims.kind, PER_DATE),
    exclude.orderId ? sql`(${claims.kind} <> 'hold' or ${claims.orderId} <> ${exclude.orderId})` : undefined,
    exclude.childId ? sql`(${claims.kind} not in ('offer', 'rollover') or ${claims.childId} <> ${exclude.childId})` : undefined,
  );

/**
 * THE places taken on a course: the claims on every date plus the per-date claims on its fullest date (a booking takes
 * every date). An absence frees its date for a make-up only, never for a booking: a date's weight is at least 0.
 */
export const takenSql = (db: DbOrTx, courseId: string, exclude: SeatExclude = {}) =>
  sql<string>`${db.select({ n: count() }).from(claims).where(onEveryDate(courseId, exclude))} + greatest(0, coalesce((select max(n) from (select sum(${perDateWeight}) as n from ${claims}
    where ${onCourse(courseId)} and ${inArray(claims.kind, PER_DATE)} group by ${claims.onDate}) m), 0))`;

/**
 * THE places free on one date of a course for a make-up: the maximum less the claims on every date and the make-ups on
 * that date, plus the absences on it; with a make-up limit (courses.makeup_limit) no more make-ups than it allows.
 * Correlated with the course row being selected (courses.maximum_participants, courses.makeup_limit). `limit: false`:
 * the places alone (an undone absence takes its own place back, not a make-up place).
 */
export const freeOnDateSql = (db: DbOrTx, courseId: string, date: Date, options: { limit?: boolean } = {}) =>
  sql<string>`least(${courses.maximumParticipants} - ${db
    .select({ n: sql`coalesce(sum(case when ${inArray(claims.kind, PER_DATE)} then ${perDateWeight} else 1 end), 0)` })
    .from(claims)
    .where(and(onCourse(courseId), or(notInArray(claims.kind, PER_DATE), eq(claims.onDate, date))))}, coalesce(${options.limit === false ? null : courses.makeupLimit} - ${db
    .select({ n: count() })
    .from(claims)
    .where(and(onCourse(courseId), eq(claims.kind, 'makeup'), eq(claims.onDate, date)))}, ${courses.maximumParticipants}))`;

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

/** The children visiting a course on a make-up date (a closure's or a token's), `${childId}|${date ms}`: attendance takes them. */
export async function makeupVisits(db: DbOrTx, courseId: string): Promise<Set<string>> {
  const rows = await db.select({ childId: claims.childId, onDate: claims.onDate }).from(claims).where(and(onCourse(courseId), eq(claims.kind, 'makeup')));
  return new Set(rows.map((r) => `${r.childId}|${r.onDate!.getTime()}`));
}
