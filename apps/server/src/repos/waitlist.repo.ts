import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { children, participants, waitlistEntries, type WaitlistEntryRow } from '../db/schema';

/** The waitlist (decision 016), only queried here: positions count 'waiting' entries by (created_at, id); 'offered' holds a place. */

export type { WaitlistEntryRow };

export const OPEN_STATUSES = ['waiting', 'offered'] as const;

const inOrder = [asc(waitlistEntries.createdAt), asc(waitlistEntries.id)] as const;

export async function insertEntry(tx: DbOrTx, values: { courseId: string; childId: string; userId: string }): Promise<WaitlistEntryRow | undefined> {
  const [row] = await tx
    .insert(waitlistEntries)
    .values(values)
    .onConflictDoNothing({ target: [waitlistEntries.courseId, waitlistEntries.childId], where: sql`status in ('waiting','offered')` })
    .returning();
  return row;
}

/** A guardian left the family: their open entries for its children pass to `toUserId`, so offers reach a current guardian. */
export async function handOverEntries(tx: DbOrTx, profileId: string, fromUserId: string, toUserId: string): Promise<number> {
  const rows = await tx
    .update(waitlistEntries)
    .set({ userId: toUserId })
    .where(
      and(
        eq(waitlistEntries.userId, fromUserId),
        inArray(waitlistEntries.status, [...OPEN_STATUSES]),
        inArray(waitlistEntries.childId, tx.select({ id: children.id }).from(children).where(eq(children.profileId, profileId))),
      ),
    )
    .returning({ id: waitlistEntries.id });
  return rows.length;
}

export async function findEntry(db: DbOrTx, id: string): Promise<WaitlistEntryRow | undefined> {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  return row;
}

export async function lockEntry(tx: DbOrTx, id: string): Promise<WaitlistEntryRow | undefined> {
  const [row] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for('update');
  return row;
}

/** The child's open entry on the course (waiting or offered), if any. */
export async function findOpenEntry(db: DbOrTx, courseId: string, childId: string): Promise<WaitlistEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.courseId, courseId), eq(waitlistEntries.childId, childId), inArray(waitlistEntries.status, [...OPEN_STATUSES])));
  return row;
}

/** How many children of the family (profile) have an open entry on the course. */
export async function countOpenEntriesOfProfile(db: DbOrTx, courseId: string, profileId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .innerJoin(children, eq(children.id, waitlistEntries.childId))
    .where(and(eq(waitlistEntries.courseId, courseId), eq(children.profileId, profileId), inArray(waitlistEntries.status, [...OPEN_STATUSES])));
  return Number(row?.n ?? 0);
}

/** Waitlist offers that ran out ('expired') per family (profile) since `since`, for the admin's view. */
export async function expiredOffersPerProfile(db: DbOrTx, profileIds: readonly string[], since: Date): Promise<Map<string, number>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select({ profileId: children.profileId, n: count() })
    .from(waitlistEntries)
    .innerJoin(children, eq(children.id, waitlistEntries.childId))
    .where(and(inArray(children.profileId, [...profileIds]), eq(waitlistEntries.status, 'expired'), gte(waitlistEntries.updatedAt, since)))
    .groupBy(children.profileId);
  return new Map(rows.map((r) => [r.profileId, Number(r.n)]));
}

/** Open entries of these children (a family's list on /profil and on the course rows), oldest first. */
export async function openEntriesOfChildren(db: DbOrTx, childIds: readonly string[]): Promise<WaitlistEntryRow[]> {
  if (childIds.length === 0) return [];
  return db
    .select()
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.childId, [...childIds]), inArray(waitlistEntries.status, [...OPEN_STATUSES])))
    .orderBy(...inOrder);
}

/** A course's open entries in list order (the admin's view; positions are derived from it). */
export async function openEntriesOfCourse(db: DbOrTx, courseId: string): Promise<WaitlistEntryRow[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.courseId, courseId), inArray(waitlistEntries.status, [...OPEN_STATUSES])))
    .orderBy(...inOrder);
}

/** Each waiting entry's place in its course's line (1 = next; not waiting: 0), in one query for any number of entries. */
export async function positionsOf(db: DbOrTx, entries: readonly Pick<WaitlistEntryRow, 'id' | 'courseId' | 'status'>[]): Promise<Map<string, number>> {
  const waiting = entries.filter((e) => e.status === 'waiting');
  const positions = new Map<string, number>(entries.map((e) => [e.id, 0]));
  if (waiting.length === 0) return positions;
  const line = db
    .select({
      id: waitlistEntries.id,
      position: sql<number>`row_number() over (partition by ${waitlistEntries.courseId} order by ${waitlistEntries.createdAt}, ${waitlistEntries.id})`.as('position'),
    })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, 'waiting'), inArray(waitlistEntries.courseId, [...new Set(waiting.map((e) => e.courseId))])))
    .as('line');
  const rows = await db.select().from(line).where(inArray(line.id, waiting.map((e) => e.id)));
  for (const row of rows) positions.set(row.id, Number(row.position));
  return positions;
}

/** Waiting and offered children per course (the admin dashboard; public course rows show the waiting count). */
export async function countOpenPerCourse(db: DbOrTx, courseIds?: readonly string[]) {
  if (courseIds && courseIds.length === 0) return [];
  const rows = await db
    .select({
      courseId: waitlistEntries.courseId,
      waiting: sql<number>`count(*) filter (where ${waitlistEntries.status} = 'waiting')`,
      offered: sql<number>`count(*) filter (where ${waitlistEntries.status} = 'offered')`,
    })
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.status, [...OPEN_STATUSES]), courseIds ? inArray(waitlistEntries.courseId, [...courseIds]) : undefined))
    .groupBy(waitlistEntries.courseId);
  return rows.map((r) => ({ courseId: r.courseId, waiting: Number(r.waiting), offered: Number(r.offered) }));
}

/** The first waiting entry of the course (the next to get an offer). */
export async function firstWaiting(tx: DbOrTx, courseId: string): Promise<WaitlistEntryRow | undefined> {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.courseId, courseId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(...inOrder)
    .limit(1);
  return row;
}

/** waiting → offered, only while still waiting (the caller holds the course row lock). */
export async function markOffered(tx: DbOrTx, id: string, expiresAt: Date, offeredAt: Date, offeredBy: string | null): Promise<WaitlistEntryRow | undefined> {
  const [row] = await tx
    .update(waitlistEntries)
    .set({ status: 'offered', offerExpiresAt: expiresAt, offeredAt, offeredBy })
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, 'waiting')))
    .returning();
  return row;
}

/** Ends an open entry (left, skipped, closed, booked); false when it was not open any more. */
export async function endEntry(tx: DbOrTx, id: string, status: 'left' | 'skipped' | 'closed' | 'booked'): Promise<boolean> {
  const rows = await tx
    .update(waitlistEntries)
    .set({ status })
    .where(and(eq(waitlistEntries.id, id), inArray(waitlistEntries.status, [...OPEN_STATUSES])))
    .returning({ id: waitlistEntries.id });
  return rows.length > 0;
}

/** Offers of the course that ran out at `now`: passed on (expired). Returns how many. */
export async function expireOffers(tx: DbOrTx, courseId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(waitlistEntries)
    .set({ status: 'expired' })
    .where(and(eq(waitlistEntries.courseId, courseId), eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now)))
    .returning({ id: waitlistEntries.id });
  return rows.length;
}

/** Open entries of children who are on the course now (paid, or added by an admin): booked. */
export async function markBookedOnCourse(tx: DbOrTx, courseId: string, childId?: string): Promise<number> {
  const rows = await tx
    .update(waitlistEntries)
    .set({ status: 'booked' })
    .where(
      and(
        eq(waitlistEntries.courseId, courseId),
        inArray(waitlistEntries.status, [...OPEN_STATUSES]),
        childId ? eq(waitlistEntries.childId, childId) : undefined,
        sql`exists (select 1 from ${participants} p where p.course_id = ${waitlistEntries.courseId} and p.child_id = ${waitlistEntries.childId})`,
      ),
    )
    .returning({ id: waitlistEntries.id });
  return rows.length;
}

/** Closing a list: every waiting entry leaves it ('closed'); offers already made stand until they end. */
export async function closeWaiting(tx: DbOrTx, courseId: string): Promise<{ childId: string; userId: string | null }[]> {
  return tx
    .update(waitlistEntries)
    .set({ status: 'closed' })
    .where(and(eq(waitlistEntries.courseId, courseId), eq(waitlistEntries.status, 'waiting')))
    .returning({ childId: waitlistEntries.childId, userId: waitlistEntries.userId });
}

/** Courses the waitlist job should look at: any open entry. */
export async function coursesWithOpenEntries(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ courseId: waitlistEntries.courseId })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.status, [...OPEN_STATUSES]))
    .limit(limit);
  return rows.map((r) => r.courseId);
}
