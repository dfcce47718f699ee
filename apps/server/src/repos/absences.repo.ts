/** Absences, make-up tokens and make-ups booked with them (decision 061). Only this repo queries them. */
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { courseHeadFields } from './changes.repo';
import { absences, children, courses, makeups, makeupTokens, orders, participants, places } from '../db/schema';

export type AbsenceRow = typeof absences.$inferSelect;
export type TokenRow = typeof makeupTokens.$inferSelect;
export type MakeupRow = typeof makeups.$inferSelect;

/** What a make-up must match and what a family reads (changes.courseHeadFields), and the course's absence settings. */
const courseFields = {
  ...courseHeadFields,
  levelId: courses.levelId,
  placeId: courses.placeId,
  absencesOff: courses.absencesOff,
  makeupLimit: courses.makeupLimit,
};

/** The course a token was earned on: its level, course type and venue (what a make-up must match). */
export async function findCourse(db: DbOrTx, courseId: string) {
  const [row] = await db.select(courseFields).from(courses).where(eq(courses.id, courseId));
  return row;
}

/** The children's courses that still have a date after `now`, with the dates each child's order covers. */
export function coursesOfChildren(db: DbOrTx, childIds: readonly string[], now: Date) {
  if (childIds.length === 0) return Promise.resolve([]);
  return db
    .select({ child: { id: children.id, firstName: children.firstName, lastName: children.lastName, birthdate: children.birthdate }, course: courseFields, placeName: places.name, coveredDates: orders.coveredDates })
    .from(participants)
    .innerJoin(children, eq(children.id, participants.childId))
    .innerJoin(courses, eq(courses.id, participants.courseId))
    .innerJoin(places, eq(places.id, courses.placeId))
    .leftJoin(orders, eq(orders.id, participants.orderId))
    .where(and(inArray(participants.childId, [...childIds]), gte(courses.lastDate, now)))
    .orderBy(asc(courses.firstDate));
}

export function liveAbsencesOfChildren(db: DbOrTx, childIds: readonly string[]) {
  if (childIds.length === 0) return Promise.resolve([]);
  return db.select().from(absences).where(and(inArray(absences.childId, [...childIds]), isNull(absences.undoneAt)));
}

/** Every absence of the children, undone ones too (the family data export). */
export function absencesOfChildren(db: DbOrTx, childIds: readonly string[]) {
  if (childIds.length === 0) return Promise.resolve([]);
  return db.select().from(absences).where(inArray(absences.childId, [...childIds])).orderBy(asc(absences.date));
}

export async function insertAbsence(tx: DbOrTx, values: typeof absences.$inferInsert): Promise<AbsenceRow | undefined> {
  const [row] = await tx.insert(absences).values(values).onConflictDoNothing().returning();
  return row;
}
export async function findAbsence(db: DbOrTx, id: string): Promise<AbsenceRow | undefined> {
  const [row] = await db.select().from(absences).where(eq(absences.id, id));
  return row;
}
export async function markAbsenceUndone(tx: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await tx.update(absences).set({ undoneAt: at }).where(and(eq(absences.id, id), isNull(absences.undoneAt))).returning({ id: absences.id });
  return rows.length > 0;
}

// ---- tokens -------------------------------------------------------------------------------------------------------

/** Tokens an absence gave the child on the course (withdrawn ones not counted: an undone absence gives its token back). */
export async function countAbsenceTokens(db: DbOrTx, childId: string, courseId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(makeupTokens)
    .where(and(eq(makeupTokens.childId, childId), eq(makeupTokens.courseId, courseId), eq(makeupTokens.source, 'absence'), isNull(makeupTokens.withdrawnAt)));
  return Number(row?.n ?? 0);
}

export async function insertToken(tx: DbOrTx, values: typeof makeupTokens.$inferInsert): Promise<TokenRow> {
  const [row] = await tx.insert(makeupTokens).values(values).returning();
  return row!;
}

/** The token, locked FOR UPDATE when `lock` (a token is spent, withdrawn and undone one at a time). */
export async function findToken(db: DbOrTx, id: string, lock = false): Promise<TokenRow | undefined> {
  const query = db.select().from(makeupTokens).where(eq(makeupTokens.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
/** The live token an absence or a date choice gave. */
export async function liveTokenOfSource(db: DbOrTx, source: 'absence' | 'closure', sourceId: string, lock = false): Promise<TokenRow | undefined> {
  const query = db.select().from(makeupTokens).where(and(eq(makeupTokens.source, source), eq(makeupTokens.sourceId, sourceId), isNull(makeupTokens.withdrawnAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
export async function withdrawToken(tx: DbOrTx, id: string, at: Date, by: string | null): Promise<void> {
  await tx.update(makeupTokens).set({ withdrawnAt: at, withdrawnBy: by }).where(and(eq(makeupTokens.id, id), isNull(makeupTokens.withdrawnAt)));
}

const earned = alias(courses, 'earned');

/** Tokens of these children, or earned on this course, each with the course it was earned on and its live make-up (null: none). */
export function tokensWith(db: DbOrTx, where: { childIds: readonly string[] } | { courseId: string }) {
  if ('childIds' in where && where.childIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      token: makeupTokens,
      child: { id: children.id, firstName: children.firstName, lastName: children.lastName },
      earnedOn: { name: earned.name, experienceLevel: earned.experienceLevel, participantsAge: earned.participantsAge, dates: earned.dates, timeFrom: earned.timeFrom },
      makeup: { id: makeups.id, date: makeups.date },
      makeupCourse: courseFields,
      placeName: places.name,
    })
    .from(makeupTokens)
    .innerJoin(children, eq(children.id, makeupTokens.childId))
    .leftJoin(earned, eq(earned.id, makeupTokens.courseId))
    .leftJoin(makeups, and(eq(makeups.tokenId, makeupTokens.id), isNull(makeups.cancelledAt)))
    .leftJoin(courses, eq(courses.id, makeups.courseId))
    .leftJoin(places, eq(places.id, courses.placeId))
    .where('childIds' in where ? inArray(makeupTokens.childId, [...where.childIds]) : eq(makeupTokens.courseId, where.courseId))
    .orderBy(asc(makeupTokens.createdAt));
}

// ---- make-ups -----------------------------------------------------------------------------------------------------

export async function liveMakeupOfToken(db: DbOrTx, tokenId: string): Promise<MakeupRow | undefined> {
  const [row] = await db.select().from(makeups).where(and(eq(makeups.tokenId, tokenId), isNull(makeups.cancelledAt)));
  return row;
}
export async function insertMakeup(tx: DbOrTx, values: typeof makeups.$inferInsert): Promise<MakeupRow> {
  const [row] = await tx.insert(makeups).values(values).returning();
  return row!;
}
export async function findMakeup(db: DbOrTx, id: string): Promise<MakeupRow | undefined> {
  const [row] = await db.select().from(makeups).where(eq(makeups.id, id));
  return row;
}
export async function cancelMakeup(tx: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await tx.update(makeups).set({ cancelledAt: at }).where(and(eq(makeups.id, id), isNull(makeups.cancelledAt))).returning({ id: makeups.id });
  return rows.length > 0;
}

/** Published courses at these venues with absences on, that have a date in [from, to). */
export function makeupCourses(db: DbOrTx, input: { placeIds: readonly string[]; from: Date; to: Date }) {
  return db
    .select({ course: { ...courseFields, ageMinMonths: courses.ageMinMonths, ageMaxMonths: courses.ageMaxMonths }, placeName: places.name })
    .from(courses)
    .innerJoin(places, eq(places.id, courses.placeId))
    .where(
      and(
        inArray(courses.placeId, [...input.placeIds]),
        eq(courses.published, true),
        eq(places.published, true),
        eq(courses.absencesOff, false),
        gte(courses.lastDate, input.from),
        lt(courses.firstDate, input.to),
      ),
    );
}

// ---- the course's lists -------------------------------------------------------------------------------------------

const childName = { childId: children.id, firstName: children.firstName, lastName: children.lastName };

/** Live absences on these courses (the instructor's list and attendance: 'Meldt fravær'). */
export function absencesOnCourses(db: DbOrTx, courseIds: readonly string[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select({ ...childName, courseId: absences.courseId, date: absences.date })
    .from(absences)
    .innerJoin(children, eq(children.id, absences.childId))
    .where(and(inArray(absences.courseId, [...courseIds]), isNull(absences.undoneAt)))
    .orderBy(asc(absences.date), asc(children.firstName));
}

/** Every absence on a course, undone ones too (the admin's view). */
export function allAbsencesOfCourse(db: DbOrTx, courseId: string) {
  return db
    .select({ absence: absences, ...childName })
    .from(absences)
    .innerJoin(children, eq(children.id, absences.childId))
    .where(eq(absences.courseId, courseId))
    .orderBy(asc(absences.date), asc(children.firstName));
}

/** Live make-ups booked with tokens on these courses, like changes.makeupsOnCourses for a closure's. */
export function tokenMakeupsOnCourses(db: DbOrTx, courseIds: readonly string[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select({ courseId: makeups.courseId, date: makeups.date, ...childName, birthdate: children.birthdate, profileId: children.profileId })
    .from(makeups)
    .innerJoin(children, eq(children.id, makeups.childId))
    .where(and(inArray(makeups.courseId, [...courseIds]), isNull(makeups.cancelledAt)))
    .orderBy(asc(makeups.date), asc(children.firstName));
}

/** Live make-ups of these children (the family calendar feed). */
export function makeupsOfChildren(db: DbOrTx, childIds: readonly string[]) {
  if (childIds.length === 0) return Promise.resolve([]);
  return db.select().from(makeups).where(and(inArray(makeups.childId, [...childIds]), isNull(makeups.cancelledAt)));
}

export function setCourseAbsenceSettings(tx: DbOrTx, courseId: string, values: { absencesOff: boolean; makeupLimit: number | null }) {
  return tx.update(courses).set(values).where(eq(courses.id, courseId)).returning({ id: courses.id });
}

