import { and, asc, count, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
export type { QueueOpeningRow, QueueTicketRow } from '../db/schema';
import { children, courses, orders, places, queueOpenings, queueTickets, type QueueOpeningRow, type QueueTicketRow } from '../db/schema';

/** Enrolment night's waiting room (decision 041): openings and the families' tickets. */

export async function ensureOpening(db: DbOrTx, opensAt: Date): Promise<void> {
  await db.insert(queueOpenings).values({ opensAt }).onConflictDoNothing();
}

export async function findOpening(db: DbOrTx, opensAt: Date): Promise<QueueOpeningRow | undefined> {
  const [row] = await db.select().from(queueOpenings).where(eq(queueOpenings.opensAt, opensAt));
  return row;
}

/** Openings whose moment has come and whose line has not ended: the admission job's work list. */
export async function runningOpenings(db: DbOrTx, now: Date, since: Date): Promise<QueueOpeningRow[]> {
  return db
    .select()
    .from(queueOpenings)
    .where(and(isNull(queueOpenings.endedAt), sql`${queueOpenings.opensAt} <= ${now.toISOString()}::timestamptz`, gt(queueOpenings.opensAt, since)));
}

/** Openings from `since` on (the admin's live view). */
export async function openingsSince(db: DbOrTx, since: Date): Promise<QueueOpeningRow[]> {
  return db.select().from(queueOpenings).where(gt(queueOpenings.opensAt, since)).orderBy(asc(queueOpenings.opensAt));
}

/** The opening row, locked; undefined when another instance holds it (it is admitting right now). */
export async function lockOpeningOrSkip(tx: DbOrTx, opensAt: Date): Promise<QueueOpeningRow | undefined> {
  const [row] = await tx.select().from(queueOpenings).where(eq(queueOpenings.opensAt, opensAt)).for('update', { skipLocked: true });
  return row;
}

export async function updateOpening(db: DbOrTx, opensAt: Date, values: Partial<Pick<QueueOpeningRow, 'sealedAt' | 'seed' | 'endedAt' | 'admitPerMinute' | 'admittedThrough'>>): Promise<void> {
  await db.update(queueOpenings).set(values).where(eq(queueOpenings.opensAt, opensAt));
}

export async function findTicket(db: DbOrTx, opensAt: Date, profileId: string): Promise<QueueTicketRow | undefined> {
  const [row] = await db.select().from(queueTickets).where(and(eq(queueTickets.opensAt, opensAt), eq(queueTickets.profileId, profileId)));
  return row;
}

/** A new ticket; the family's existing one when it has one (two devices joining at once get the same ticket). */
export async function insertTicket(
  db: DbOrTx,
  values: { opensAt: Date; profileId: string; userId: string; courseId: string; arrivedAt: Date; sortKey: number | null },
): Promise<QueueTicketRow> {
  const [row] = await db.insert(queueTickets).values(values).onConflictDoNothing().returning();
  return row ?? (await findTicket(db, values.opensAt, values.profileId))!;
}

/** Back in line at the back (after the window ran out, or after leaving). */
export async function rejoinTicket(db: DbOrTx, id: string, values: { userId: string; courseId: string; arrivedAt: Date; sortKey: number | null }): Promise<QueueTicketRow | undefined> {
  const [row] = await db
    .update(queueTickets)
    .set({ ...values, admittedAt: null, admitUntil: null, doneAt: null, leftAt: null })
    .where(eq(queueTickets.id, id))
    .returning();
  return row;
}

export async function leaveTicket(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(queueTickets).set({ leftAt: now, admitUntil: sql`least(${queueTickets.admitUntil}, ${now.toISOString()}::timestamptz)` }).where(and(eq(queueTickets.id, id), isNull(queueTickets.leftAt)));
}

/** The pre-opening group: tickets without a place yet, in a fixed order (the shuffle's input). */
export async function unsortedTickets(tx: DbOrTx, opensAt: Date): Promise<{ id: string }[]> {
  return tx
    .select({ id: queueTickets.id })
    .from(queueTickets)
    .where(and(eq(queueTickets.opensAt, opensAt), isNull(queueTickets.sortKey)))
    .orderBy(asc(queueTickets.arrivedAt), asc(queueTickets.id));
}

/** Ticket ids (24 hex, made by the server) as an SQL array literal; anything else is dropped. */
const idArray = (ids: readonly string[]) => sql.raw(`array[${ids.filter((id) => /^[0-9a-f]{24}$/.test(id)).map((id) => `'${id}'`).join(',')}]::text[]`);

/** Gives each ticket its place: ids[i] gets sort key i, in one statement (0…n-1: below any arrival key). */
export async function setSortKeys(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${queueTickets} set sort_key = array_position(${idArray(ids)}, id) - 1
    where id = any(${idArray(ids)}) and sort_key is null`);
}

/** Every ticket of an opening, the waiting ones first in line order (the per-instance snapshot's one read). */
export async function ticketsOf(db: DbOrTx, opensAt: Date): Promise<QueueTicketRow[]> {
  return db
    .select()
    .from(queueTickets)
    .where(eq(queueTickets.opensAt, opensAt))
    .orderBy(asc(queueTickets.sortKey), asc(queueTickets.id));
}

/** Admitted families still inside their window that have not started a payment (the ceiling counts them). */
export async function activeAdmitted(db: DbOrTx, opensAt: Date, now: Date): Promise<number> {
  return (await countsOf(db, opensAt, now)).admittedActive;
}

/** Lets the next `n` families in, in ticket order: each ticket once (the caller holds the opening's row lock). */
export async function admitNext(tx: DbOrTx, opensAt: Date, n: number, now: Date, until: Date): Promise<QueueTicketRow[]> {
  if (n <= 0) return [];
  const next = tx
    .select({ id: queueTickets.id })
    .from(queueTickets)
    .where(and(eq(queueTickets.opensAt, opensAt), isNull(queueTickets.admittedAt), isNull(queueTickets.leftAt), isNotNull(queueTickets.sortKey)))
    .orderBy(asc(queueTickets.sortKey), asc(queueTickets.id))
    .limit(n);
  const rows = await tx
    .update(queueTickets)
    .set({ admittedAt: now, admitUntil: until })
    .where(and(inArray(queueTickets.id, next), isNull(queueTickets.admittedAt)))
    .returning();
  // RETURNING has no order: the ticket order.
  return rows.sort((a, b) => Number(a.sortKey) - Number(b.sortKey) || (a.id < b.id ? -1 : 1));
}

/** The family started a payment: its seat under the ceiling frees up (it may still book its other children). */
export async function markDone(db: DbOrTx, opensAt: Date, profileId: string, now: Date): Promise<void> {
  await db
    .update(queueTickets)
    .set({ doneAt: now })
    .where(and(eq(queueTickets.opensAt, opensAt), eq(queueTickets.profileId, profileId), isNull(queueTickets.doneAt)));
}

export async function countsOf(db: DbOrTx, opensAt: Date, now: Date) {
  const iso = now.toISOString();
  const [row] = await db
    .select({
      waiting: sql<string>`count(*) filter (where ${queueTickets.admittedAt} is null and ${queueTickets.leftAt} is null)`,
      admittedTotal: sql<string>`count(*) filter (where ${queueTickets.admittedAt} is not null)`,
      admittedActive: sql<string>`count(*) filter (where ${queueTickets.admittedAt} is not null and ${queueTickets.doneAt} is null and ${queueTickets.leftAt} is null and ${queueTickets.admitUntil} > ${iso}::timestamptz)`,
    })
    .from(queueTickets)
    .where(eq(queueTickets.opensAt, opensAt));
  return { waiting: Number(row?.waiting ?? 0), admittedTotal: Number(row?.admittedTotal ?? 0), admittedActive: Number(row?.admittedActive ?? 0) };
}

/** The courses an opening covers: opens_at at that moment, or (a priority window) open_to_all_at at it. */
export async function coursesOfOpening(db: DbOrTx, opensAt: Date) {
  const at = opensAt.toISOString();
  return db
    .select({ id: courses.id, name: courses.name, placeName: places.name, maximumParticipants: courses.maximumParticipants })
    .from(courses)
    .innerJoin(places, eq(places.id, courses.placeId))
    .where(
      and(
        eq(courses.published, true),
        or(
          sql`${courses.opensAt} = ${at}::timestamptz`,
          sql`(cardinality(${courses.priorityCourseIds}) > 0 and ${courses.openToAllAt} = ${at}::timestamptz and ${courses.opensAt} < ${at}::timestamptz)`,
        ),
      ),
    )
    .orderBy(asc(places.name), asc(courses.name), asc(courses.id));
}

/** Live holds (payments started, not yet decided) on these courses. */
export async function paymentsInProgress(db: DbOrTx, courseIds: readonly string[]): Promise<number> {
  if (courseIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        inArray(orders.courseId, [...courseIds]),
        or(and(eq(orders.status, 'created'), gt(orders.holdExpiresAt, sql`now()`)), eq(orders.status, 'authorized')),
      ),
    );
  return row?.n ?? 0;
}

/** Whether a child of this family took part in one of these courses (the priority window's line). */
export async function familyTookPartInAny(db: DbOrTx, profileId: string, courseIds: readonly string[]): Promise<boolean> {
  if (courseIds.length === 0) return false;
  const result = await db.execute(sql`
    select 1 from participants p join ${children} c on c.id = p.child_id
    where c.profile_id = ${profileId} and p.course_id = any(${idArray(courseIds)}) limit 1`);
  return ((result as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}

/** Sets the opening time of the given courses; returns the ids changed. */
export async function setOpensAt(db: DbOrTx, courseIds: readonly string[], opensAt: Date | null): Promise<string[]> {
  if (courseIds.length === 0) return [];
  const rows = await db.update(courses).set({ opensAt }).where(inArray(courses.id, [...courseIds])).returning({ id: courses.id });
  return rows.map((r) => r.id);
}

/** A season's courses: first date within [from, to] (Oslo days given as instants), optionally at one venue. */
export async function seasonCourseIds(db: DbOrTx, from: Date, to: Date, placeId?: string): Promise<string[]> {
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        sql`${courses.firstDate} >= ${from.toISOString()}::timestamptz`,
        sql`${courses.firstDate} < ${to.toISOString()}::timestamptz`,
        placeId ? eq(courses.placeId, placeId) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}
