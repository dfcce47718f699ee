/** Cancelled dates, the families' choices and calendar feeds. Only this repo queries them. */
import { and, asc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { calendarFeeds, cancelledDates, children, courses, dateChoices, orders, participants, places, remindersSent, seatClaims } from '../db/schema';

export type CancelledDateRow = typeof cancelledDates.$inferSelect;
export type DateChoiceRow = typeof dateChoices.$inferSelect;

export async function insertCancelledDate(tx: DbOrTx, values: typeof cancelledDates.$inferInsert): Promise<CancelledDateRow | undefined> {
  const [row] = await tx.insert(cancelledDates).values(values).onConflictDoNothing().returning();
  return row;
}

export function cancelledDatesOf(db: DbOrTx, courseIds: readonly string[]): Promise<CancelledDateRow[]> {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db.select().from(cancelledDates).where(inArray(cancelledDates.courseId, [...courseIds])).orderBy(asc(cancelledDates.date));
}

export async function findCancelledDate(db: DbOrTx, id: string): Promise<CancelledDateRow | undefined> {
  const [row] = await db.select().from(cancelledDates).where(eq(cancelledDates.id, id));
  return row;
}

/** Cancelled dates whose families are due to be told, locked (SKIP LOCKED: one instance each); `only`: 'Send e-post nå'. */
export function claimDueAnnouncements(tx: DbOrTx, now: Date, limit: number, only?: string): Promise<CancelledDateRow[]> {
  return tx
    .select()
    .from(cancelledDates)
    .where(and(isNull(cancelledDates.announcedAt), only ? eq(cancelledDates.id, only) : lte(cancelledDates.announceAt, now)))
    .orderBy(asc(cancelledDates.announceAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markAnnounced(tx: DbOrTx, id: string, now: Date): Promise<void> {
  await tx.update(cancelledDates).set({ announcedAt: now }).where(eq(cancelledDates.id, id));
}

/** 'Angre': deletes the cancelled date only while its families were not told; waits for an announcement under way. */
export async function deleteUnannouncedCancelledDate(tx: DbOrTx, id: string): Promise<CancelledDateRow | undefined> {
  const [row] = await tx.delete(cancelledDates).where(and(eq(cancelledDates.id, id), isNull(cancelledDates.announcedAt))).returning();
  return row;
}

/** The admin's overview: cancelled dates on or after `from`, newest first, with the children's choices counted. */
export function closureOverview(db: DbOrTx, from: Date) {
  const count = (choice: string | null) =>
    sql<number>`count(${dateChoices.id}) filter (where ${dateChoices.choice} ${choice === null ? sql`is null` : sql`= ${choice}`})`.mapWith(Number);
  return db
    .select({
      cancelled: cancelledDates,
      courseName: courses.name,
      experienceLevel: courses.experienceLevel,
      participantsAge: courses.participantsAge,
      dates: courses.dates,
      timeFrom: courses.timeFrom,
      placeName: places.name,
      makeup: count('makeup'),
      refund: count('refund'),
      credit: count('credit'),
      open: count(null),
    })
    .from(cancelledDates)
    .innerJoin(courses, eq(courses.id, cancelledDates.courseId))
    .innerJoin(places, eq(places.id, courses.placeId))
    .leftJoin(dateChoices, eq(dateChoices.cancelledDateId, cancelledDates.id))
    .where(gte(cancelledDates.date, from))
    .groupBy(cancelledDates.id, courses.id, places.id)
    .orderBy(sql`${cancelledDates.createdAt} desc`, asc(cancelledDates.date), asc(courses.name));
}

/** Each course's cancelled dates ('Avlyst'), oldest first; a course without any is not in the map. */
export async function cancelledDatesByCourse(db: DbOrTx, courseIds: readonly string[]): Promise<Map<string, Date[]>> {
  const result = new Map<string, Date[]>();
  for (const row of await cancelledDatesOf(db, courseIds)) result.set(row.courseId, [...(result.get(row.courseId) ?? []), row.date]);
  return result;
}

/** Courses at a venue with a date in [from, to): the courses a closed pool touches. */
export async function coursesAtPlaceBetween(db: DbOrTx, placeId: string, from: Date, to: Date) {
  const rows = await db.select({ id: courses.id, dates: courses.dates }).from(courses).where(eq(courses.placeId, placeId));
  return rows.flatMap((r) => r.dates.filter((d) => d >= from && d < to).map((date) => ({ courseId: r.id, date })));
}

export async function insertChoice(tx: DbOrTx, values: typeof dateChoices.$inferInsert): Promise<DateChoiceRow | undefined> {
  const [row] = await tx.insert(dateChoices).values(values).onConflictDoNothing().returning();
  return row;
}

/** A course as a family's messages and pages name it: level, age, dates and time. */
export const courseHeadFields = {
  id: courses.id,
  name: courses.name,
  experienceLevel: courses.experienceLevel,
  participantsAge: courses.participantsAge,
  dates: courses.dates,
  timeFrom: courses.timeFrom,
  timeTo: courses.timeTo,
};

const choiceColumns = {
  choice: dateChoices,
  cancelled: cancelledDates,
  course: { ...courseHeadFields, placeId: courses.placeId },
  child: { id: children.id, firstName: children.firstName, lastName: children.lastName, birthdate: children.birthdate, profileId: children.profileId },
};
const choicesQuery = (db: DbOrTx) =>
  db
    .select(choiceColumns)
    .from(dateChoices)
    .innerJoin(cancelledDates, eq(cancelledDates.id, dateChoices.cancelledDateId))
    .innerJoin(courses, eq(courses.id, cancelledDates.courseId))
    .innerJoin(children, eq(children.id, dateChoices.childId));
export type ChoiceWithContext = Awaited<ReturnType<typeof findChoice>> & object;

export async function findChoice(db: DbOrTx, id: string) {
  const [row] = await choicesQuery(db).where(eq(dateChoices.id, id));
  return row;
}
export async function findChoiceBySecretHash(db: DbOrTx, secretHash: string) {
  const [row] = await choicesQuery(db).where(eq(dateChoices.secretHash, secretHash));
  return row;
}
export function choicesOfChildren(db: DbOrTx, childIds: readonly string[]) {
  if (childIds.length === 0) return Promise.resolve([]);
  return choicesQuery(db).where(inArray(dateChoices.childId, [...childIds])).orderBy(asc(cancelledDates.date));
}
export function choicesOfCourse(db: DbOrTx, courseId: string) {
  return choicesQuery(db).where(eq(cancelledDates.courseId, courseId)).orderBy(asc(cancelledDates.date), asc(children.firstName));
}
/** Every choice of an order (open, settled or closed), with its cancelled date. */
export function choicesOfOrder(db: DbOrTx, orderId: string) {
  return choicesQuery(db).where(eq(dateChoices.orderId, orderId)).orderBy(asc(cancelledDates.date));
}
/** The place was cancelled: every open choice of the order is closed (the default never applies to them). */
export async function closeOpenChoicesOfOrder(tx: DbOrTx, orderId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(dateChoices)
    .set({ choice: 'closed', chosenAt: now })
    .where(and(eq(dateChoices.orderId, orderId), isNull(dateChoices.choice)))
    .returning({ id: dateChoices.id });
  return rows.length;
}
/** The family's open choices whose deadline has not passed: those whose e-mailed links still work. */
export function openChoicesOfProfile(db: DbOrTx, profileId: string, now: Date) {
  return choicesQuery(db)
    .where(and(eq(dateChoices.profileId, profileId), isNull(dateChoices.choice), gt(dateChoices.deadlineAt, now)))
    .orderBy(asc(cancelledDates.date), asc(children.firstName));
}
/** A new secret for a choice's link: the old link stops working. */
export async function setChoiceSecretHash(tx: DbOrTx, id: string, secretHash: string): Promise<void> {
  await tx.update(dateChoices).set({ secretHash }).where(eq(dateChoices.id, id));
}
/** Open choices whose deadline has passed (the default applies), oldest first. */
export function overdueChoiceIds(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ id: dateChoices.id })
    .from(dateChoices)
    .where(and(isNull(dateChoices.choice), lte(dateChoices.deadlineAt, now)))
    .orderBy(asc(dateChoices.deadlineAt))
    .limit(limit);
}

/** Sets the choice once: undefined when another tap (or the default) got there first. */
export async function setChoice(
  tx: DbOrTx,
  id: string,
  values: Pick<DateChoiceRow, 'choice' | 'chosenBy' | 'chosenAt'> & Partial<Pick<DateChoiceRow, 'makeupCourseId' | 'makeupDate'>>,
): Promise<DateChoiceRow | undefined> {
  const [row] = await tx.update(dateChoices).set(values).where(and(eq(dateChoices.id, id), isNull(dateChoices.choice))).returning();
  return row;
}
export async function resetChoice(tx: DbOrTx, id: string): Promise<void> {
  await tx.update(dateChoices).set({ choice: null, chosenBy: null, chosenAt: null }).where(eq(dateChoices.id, id));
}
export async function setRefundReference(tx: DbOrTx, id: string, pspReference: string): Promise<void> {
  await tx.update(dateChoices).set({ refundPspReference: pspReference }).where(eq(dateChoices.id, id));
}

/** Make-up children on these courses (date by date). */
export function makeupsOnCourses(db: DbOrTx, courseIds: readonly string[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select({ courseId: dateChoices.makeupCourseId, date: dateChoices.makeupDate, childId: children.id, firstName: children.firstName, lastName: children.lastName, birthdate: children.birthdate, profileId: children.profileId })
    .from(dateChoices)
    .innerJoin(children, eq(children.id, dateChoices.childId))
    .where(and(inArray(dateChoices.makeupCourseId, [...courseIds]), eq(dateChoices.choice, 'makeup')))
    .orderBy(asc(dateChoices.makeupDate), asc(children.firstName));
}

// ---- calendar feeds -----------------------------------------------------------------------------------------------

export async function upsertFeed(tx: DbOrTx, profileId: string, secretHash: string, now: Date): Promise<void> {
  await tx
    .insert(calendarFeeds)
    .values({ profileId, secretHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.profileId, set: { secretHash, createdAt: now } });
}
export async function findFeedBySecretHash(db: DbOrTx, secretHash: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.secretHash, secretHash));
  return row;
}
export async function findFeedOfProfile(db: DbOrTx, profileId: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.profileId, profileId));
  return row;
}

/** The children on a course with the order that paid for each place (read only, for a cancelled date's shares). */
export function participantsWithOrders(db: DbOrTx, courseId: string) {
  return db
    .select({ childId: participants.childId, orderId: participants.orderId, profileId: children.profileId, firstName: children.firstName, lastName: children.lastName })
    .from(participants)
    .innerJoin(children, eq(children.id, participants.childId))
    .where(eq(participants.courseId, courseId));
}

/** The venues in the same town as this one (itself included): 'same or nearby'. */
export async function placesInTown(db: DbOrTx, placeId: string): Promise<string[]> {
  const rows = await db
    .select({ id: places.id })
    .from(places)
    .where(sql`lower(${places.place}) = (select lower(p2.place) from ${places} p2 where p2.id = ${placeId})`);
  return rows.map((r) => r.id);
}

// ---- reminders ----------------------------------------------------------------------------------------------------

/** What a reminder says besides the date: the family, the child's first name, the course and its venue. */
export const reminderFields = {
  profileId: children.profileId,
  firstName: children.firstName,
  course: { id: courses.id, name: courses.name, experienceLevel: courses.experienceLevel, participantsAge: courses.participantsAge, timeFrom: courses.timeFrom, timeTo: courses.timeTo, info: courses.info },
  place: { name: places.name, address: places.address, zipCode: places.zipCode, town: places.place },
};

/** Children whose first covered date of a course lies in [from, to): the place, its address and the course's info. */
export function firstDatesBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({
      childId: participants.childId,
      ...reminderFields,
      date: sql<Date>`(select min(d) from unnest(coalesce(${orders.coveredDates}, ${courses.dates})) as d where not exists (select 1 from ${cancelledDates} cd where cd.course_id = ${courses.id} and cd.date = d))`.mapWith(courses.firstDate),
    })
    .from(participants)
    .innerJoin(courses, eq(courses.id, participants.courseId))
    .innerJoin(places, eq(places.id, courses.placeId))
    .innerJoin(children, eq(children.id, participants.childId))
    .leftJoin(orders, eq(orders.id, participants.orderId))
    .where(sql`exists (select 1 from unnest(coalesce(${orders.coveredDates}, ${courses.dates})) as d where d >= ${from} and d < ${to})`);
}

/** Make-up dates in [from, to) (a closure's or a token's: the seat ledger's make-up claims), with the course's place and info. */
export function makeupsBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({ childId: sql<string>`${seatClaims.childId}`, ...reminderFields, date: seatClaims.onDate })
    .from(seatClaims)
    .innerJoin(courses, eq(courses.id, seatClaims.courseId))
    .innerJoin(places, eq(places.id, courses.placeId))
    .innerJoin(children, eq(children.id, seatClaims.childId))
    .where(and(eq(seatClaims.kind, 'makeup'), gte(seatClaims.onDate, from), sql`${seatClaims.onDate} < ${to}`));
}

/** Claims the reminder for (child, course, date): false when one was sent already. */
export async function claimReminder(tx: DbOrTx, childId: string, courseId: string, date: Date): Promise<boolean> {
  const rows = await tx.insert(remindersSent).values({ childId, courseId, date }).onConflictDoNothing().returning({ childId: remindersSent.childId });
  return rows.length > 0;
}

/** After an admin moved a child: its paying order follows it (the course it is on now), the move in the order's history. */
export async function moveOrderOfParticipant(tx: DbOrTx, move: { toCourseId: string; childId: string; history: Record<string, unknown> }): Promise<void> {
  const [p] = await tx.select({ orderId: participants.orderId }).from(participants).where(and(eq(participants.courseId, move.toCourseId), eq(participants.childId, move.childId)));
  if (!p?.orderId) return;
  await tx
    .update(orders)
    .set({
      courseId: move.toCourseId,
      additionalInfo: sql`jsonb_set(${orders.additionalInfo}, '{moves}', coalesce(${orders.additionalInfo}->'moves', '[]'::jsonb) || ${JSON.stringify([move.history])}::jsonb)`,
    })
    .where(eq(orders.id, p.orderId));
}

/** The children on a course (for telling their families about a change to it). */
export async function childrenOnCourse(db: DbOrTx, courseId: string) {
  return db
    .select({ childId: children.id, firstName: children.firstName, profileId: children.profileId })
    .from(participants)
    .innerJoin(children, eq(children.id, participants.childId))
    .where(eq(participants.courseId, courseId));
}
