import { and, asc, desc, eq, gt, inArray, lte, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courses, participants, progressNotes, rolloverOffers, rollovers, type RolloverOfferRow } from '../db/schema';

/** 'Behold plassen' (decision 060): rollovers and their offers, only queried here. */

export type { RolloverOfferRow };
export type RolloverRow = typeof rollovers.$inferSelect;

export async function insertRollover(tx: DbOrTx, values: { fromSeasonId: string | null; toSeasonId: string | null; replyBy: Date; createdBy: string | null }): Promise<RolloverRow> {
  const [row] = await tx.insert(rollovers).values(values).returning();
  return row!;
}

/** Offers for the children of one ending course; a child already offered a place from that course is left out. */
export async function insertOffers(
  tx: DbOrTx,
  rows: { rolloverId: string; childId: string; profileId: string; fromCourseId: string; toCourseId: string; replyBy: Date }[],
): Promise<RolloverOfferRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(rolloverOffers).values(rows).onConflictDoNothing().returning();
}

/** Whether the child holds a live reservation on the course (offered, reply-by not passed at `now`). */
export async function hasLiveReservation(db: DbOrTx, courseId: string, childId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: rolloverOffers.id })
    .from(rolloverOffers)
    .where(and(eq(rolloverOffers.toCourseId, courseId), eq(rolloverOffers.childId, childId), eq(rolloverOffers.state, 'offered'), gt(rolloverOffers.replyBy, now)))
    .limit(1);
  return !!row;
}

export async function findOffer(db: DbOrTx, id: string): Promise<RolloverOfferRow | undefined> {
  const [row] = await db.select().from(rolloverOffers).where(eq(rolloverOffers.id, id));
  return row;
}

/** The open offers of these children (the family's notice on /profil); one the family has paid for is no longer open. */
export function openOffersOfChildren(db: DbOrTx, childIds: readonly string[]): Promise<RolloverOfferRow[]> {
  if (childIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(rolloverOffers)
    .where(
      and(
        inArray(rolloverOffers.childId, [...childIds]),
        eq(rolloverOffers.state, 'offered'),
        sql`not exists (select 1 from ${participants} p where p.course_id = ${rolloverOffers.toCourseId} and p.child_id = ${rolloverOffers.childId})`,
      ),
    )
    .orderBy(asc(rolloverOffers.replyBy), asc(rolloverOffers.id));
}

/** offered → declined (the family said no); false when it was no longer offered. The caller holds the course lock. */
export async function decline(tx: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(rolloverOffers)
    .set({ state: 'declined', decidedAt: now })
    .where(and(eq(rolloverOffers.id, id), eq(rolloverOffers.state, 'offered')))
    .returning({ id: rolloverOffers.id });
  return rows.length > 0;
}

/**
 * offered → expired for the course's offers whose reply-by has passed; how many. The caller holds the course lock. An
 * offer whose child holds a live payment hold on the course waits: the payment marks it accepted, a lapse lets it expire.
 */
export async function expireDue(tx: DbOrTx, courseId: string, now: Date): Promise<number> {
  const holding = sql`exists (select 1 from seat_claims c where c.kind = 'hold' and c.course_id = ${rolloverOffers.toCourseId} and c.child_id = ${rolloverOffers.childId})`;
  const rows = await tx
    .update(rolloverOffers)
    .set({ state: 'expired', decidedAt: now })
    .where(and(eq(rolloverOffers.toCourseId, courseId), eq(rolloverOffers.state, 'offered'), lte(rolloverOffers.replyBy, now), not(holding)))
    .returning({ id: rolloverOffers.id });
  return rows.length;
}

/** The courses with an offer past its reply-by: the release job's list. */
export async function coursesWithDueOffers(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: rolloverOffers.toCourseId })
    .from(rolloverOffers)
    .where(and(eq(rolloverOffers.state, 'offered'), lte(rolloverOffers.replyBy, now)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** offered → accepted, with the paying order, for every offer whose child is now on the course (the family paid). */
export async function markAccepted(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(rolloverOffers)
    .set({ state: 'accepted', decidedAt: now, orderId: participants.orderId })
    .from(participants)
    .where(and(eq(rolloverOffers.state, 'offered'), eq(participants.courseId, rolloverOffers.toCourseId), eq(participants.childId, rolloverOffers.childId)))
    .returning({ id: rolloverOffers.id });
  return rows.length;
}

/** Every rollover, newest first, with its offers (the admin's live view). */
export async function listRollovers(db: DbOrTx, limit: number) {
  const heads = await db.select().from(rollovers).orderBy(desc(rollovers.createdAt), desc(rollovers.id)).limit(limit);
  if (heads.length === 0) return [];
  const offers = await db
    .select()
    .from(rolloverOffers)
    .where(inArray(rolloverOffers.rolloverId, heads.map((h) => h.id)))
    .orderBy(asc(rolloverOffers.createdAt), asc(rolloverOffers.id));
  return heads.map((head) => ({ ...head, offers: offers.filter((o) => o.rolloverId === head.id) }));
}

/** Courses whose first date lies within [from, to): a season's courses. */
export function coursesStartingBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({ id: courses.id, placeId: courses.placeId, levelId: courses.levelId, timeFrom: courses.timeFrom, firstDate: courses.firstDate, lastDate: courses.lastDate })
    .from(courses)
    .where(and(sql`${courses.firstDate} >= ${from}`, sql`${courses.firstDate} < ${to}`))
    .orderBy(asc(courses.firstDate), asc(courses.id));
}

/** The level recommended most often for the children of each course ('Anbefalt neste kurs'); ties to the smaller id. */
export async function recommendedLevels(db: DbOrTx, courseIds: readonly string[]): Promise<Map<string, string>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: progressNotes.courseId, levelId: progressNotes.recommendedLevelId, n: sql<number>`count(*)::int` })
    .from(progressNotes)
    .where(and(inArray(progressNotes.courseId, [...courseIds]), sql`${progressNotes.recommendedLevelId} is not null`))
    .groupBy(progressNotes.courseId, progressNotes.recommendedLevelId)
    .orderBy(desc(sql`count(*)`), asc(progressNotes.recommendedLevelId));
  const out = new Map<string, string>();
  for (const r of rows) if (r.levelId && !out.has(r.courseId)) out.set(r.courseId, r.levelId);
  return out;
}

/** Adds `fromCourseId` to the course's priority courses ('continues': one source, decision 060). */
export async function addPriorityCourse(tx: DbOrTx, courseId: string, fromCourseId: string): Promise<void> {
  await tx
    .update(courses)
    .set({ priorityCourseIds: sql`array_append(array_remove(${courses.priorityCourseIds}, ${fromCourseId}), ${fromCourseId})` })
    .where(eq(courses.id, courseId));
}
