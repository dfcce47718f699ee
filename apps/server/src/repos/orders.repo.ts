import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { newId, orderEvents, orders } from '../db/schema';
import { dbNowPlus } from './system.repo';

/** Orders (also the holds on course places) and their Vipps events (`order_events`). Only this repo queries them. */

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

/** Order ids are made before the insert: the Vipps reference is derived from them. */
export const newOrderId = newId;

/** The Vipps reference (^[a-zA-Z0-9-]{8,50}$), unique because the order id is. Also the paymentId in URLs. */
export const orderReference = (orderId: string): string => `plask-${orderId}`;

const HUMAN_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const cryptoUnit = () => randomInt(2 ** 47) / 2 ** 47;

/** Short, unambiguous, for people (receipts, support calls); the Vipps reference is the unique one. */
export function humanReference(random: () => number = cryptoUnit): string {
  return `BS-${Array.from({ length: 6 }, () => HUMAN_ALPHABET[Math.floor(random() * HUMAN_ALPHABET.length)]).join('')}`;
}

/** What an order remembers about who bought what, kept if the family is deleted later (`additional_info`). */
export interface OrderAdditionalInfo {
  profile: string | null;
  user: { _id: string; firstName: string; lastName: string } | null;
  child: { _id: string; firstName: string; lastName: string } | null;
  course: { _id: string; name: string; place: string | null } | null;
}

type Person = { id: string; firstName: string; lastName: string };

export function orderAdditionalInfo(people: {
  profileId?: string | null;
  user?: Person | null;
  child?: Person | null;
  course?: { id: string; name: string; placeName?: string | null } | null;
}): OrderAdditionalInfo {
  const person = (p: Person | null | undefined) => (p ? { _id: p.id, firstName: p.firstName, lastName: p.lastName } : null);
  return {
    profile: people.profileId ?? null,
    user: person(people.user),
    child: person(people.child),
    course: people.course ? { _id: people.course.id, name: people.course.name, place: people.course.placeName ?? null } : null,
  };
}


/** Live holds on the course (status 'created', hold not expired), optionally minus one order. */
export async function countLiveHolds(db: DbOrTx, courseId: string, excludeOrderId?: string): Promise<number> {
  const [held] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.courseId, courseId),
        eq(orders.status, 'created'),
        gt(orders.holdExpiresAt, sql`now()`),
        excludeOrderId ? ne(orders.id, excludeOrderId) : undefined,
      ),
    );
  return Number(held?.n ?? 0);
}

/** The child's live hold on the course, if any (a double click finds the first one's order). */
export async function findLiveHold(db: DbOrTx, courseId: string, childId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.courseId, courseId),
        eq(orders.childId, childId),
        eq(orders.status, 'created'),
        gt(orders.holdExpiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(1);
  return row;
}


export async function insertOrder(
  tx: DbOrTx,
  values: Omit<NewOrderRow, 'holdExpiresAt' | 'syncAfter'>,
  holdMs: number,
  firstSyncMs: number,
): Promise<OrderRow> {
  const [row] = await tx
    .insert(orders)
    .values({ ...values, holdExpiresAt: dbNowPlus(holdMs), syncAfter: dbNowPlus(firstSyncMs) })
    .returning();
  return row!;
}

export async function findOrderById(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function findOrderByReference(db: DbOrTx, reference: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.reference, reference));
  return row;
}

export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** Stores the redirect URL while the order still holds its place; false when it ended meanwhile. */
export async function setRedirectUrl(db: DbOrTx, id: string, redirectUrl: string): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ redirectUrl })
    .where(and(eq(orders.id, id), eq(orders.status, 'created')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Ends an unpaid order locally (its hold is released); only while it is still 'created'. `syncAfter` schedules a
 * check that Vipps holds nothing for it any more.
 */
export async function terminateCreated(
  db: DbOrTx,
  id: string,
  options: { onlyWithoutRedirect?: boolean; syncAfter?: SQL | null } = {},
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status: 'terminated', syncAfter: options.syncAfter ?? null })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.status, 'created'),
        options.onlyWithoutRedirect ? sql`${orders.redirectUrl} is null` : undefined,
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function updateOrderState(
  tx: DbOrTx,
  id: string,
  patch: { status?: string; syncAfter: SQL | null },
): Promise<void> {
  await tx.update(orders).set(patch).where(eq(orders.id, id));
}

/**
 * Reschedules the reconciler for an order without touching updated_at (it is bookkeeping, not a change). With
 * `ifStatus`, only while the order still has that status (an event applied meanwhile keeps its own schedule).
 */
export async function setSyncAfter(db: DbOrTx, id: string, syncAfter: SQL | null, ifStatus?: string): Promise<void> {
  await db
    .update(orders)
    .set({ syncAfter, updatedAt: sql`${orders.updatedAt}` })
    .where(and(eq(orders.id, id), ifStatus ? eq(orders.status, ifStatus) : undefined));
}

/** Records a Vipps event once per (order, name, pspReference); false when it was already stored. */
export async function insertEvent(
  tx: DbOrTx,
  values: { orderId: string; name: string; pspReference: string; amountOre: number; currency: string; success: boolean; timestamp: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(orderEvents)
    .values({ ...values, success: values.success ? 'true' : 'false' })
    .onConflictDoNothing({ target: [orderEvents.orderId, orderEvents.name, orderEvents.pspReference] })
    .returning({ id: orderEvents.id });
  return rows.length > 0;
}

export function listEvents(db: DbOrTx, orderId: string) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.timestamp));
}

/**
 * Claims up to `batch` orders whose sync is due for this worker: row locks with SKIP LOCKED keep instances apart
 * while claiming, and the lease (sync_after moved ahead) keeps the claim after commit, while Vipps is called.
 */
export function claimOrdersToSync(db: DbOrTx, batch: number, leaseMs: number): Promise<OrderRow[]> {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNotNull(orders.syncAfter), lte(orders.syncAfter, sql`now()`)))
    .orderBy(asc(orders.syncAfter))
    .limit(batch)
    .for('update', { skipLocked: true });
  return db
    .update(orders)
    .set({ syncAfter: dbNowPlus(leaseMs), updatedAt: sql`${orders.updatedAt}` })
    .where(inArray(orders.id, due))
    .returning();
}

// ---- deletion of a family: orders stay for bookkeeping, with the names replaced ---------------------------------

/** What an order keeps of a deleted person (spec: orders stay; bokføringsloven keeps them 5 years). */
export const DELETED_USER = { _id: null, firstName: 'Slettet', lastName: 'bruker' } as const;
export const DELETED_CHILD = { _id: null, firstName: 'Slettet', lastName: 'barn' } as const;

/** Replaces the buyer's name in the user's orders (the user row is about to go). */
export async function anonymiseOrdersOfUser(tx: DbOrTx, userId: string): Promise<number> {
  const rows = await tx
    .update(orders)
    .set({
      additionalInfo: sql`jsonb_set(${orders.additionalInfo}, '{user}', ${JSON.stringify(DELETED_USER)}::jsonb, true)`,
      userId: null,
    })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  return rows.length;
}

/** Replaces the children's names (and the deleted profile) in their orders. */
export async function anonymiseOrdersOfChildren(tx: DbOrTx, childIds: readonly string[], profileDeleted: boolean): Promise<number> {
  if (childIds.length === 0) return 0;
  const info = profileDeleted
    ? sql`jsonb_set(jsonb_set(${orders.additionalInfo}, '{child}', ${JSON.stringify(DELETED_CHILD)}::jsonb, true), '{profile}', 'null'::jsonb, true)`
    : sql`jsonb_set(${orders.additionalInfo}, '{child}', ${JSON.stringify(DELETED_CHILD)}::jsonb, true)`;
  const rows = await tx
    .update(orders)
    .set({ additionalInfo: info, childId: null, ...(profileDeleted ? { profileId: null } : {}) })
    .where(inArray(orders.childId, [...childIds]))
    .returning({ id: orders.id });
  return rows.length;
}

/** Orders a user bought, or bought for children of the given profiles (own data export, admin profile view). */
export async function ordersOfFamily(db: DbOrTx, where: { userId?: string; profileIds?: readonly string[] }) {
  const conditions = [
    where.userId ? eq(orders.userId, where.userId) : undefined,
    where.profileIds?.length ? inArray(orders.profileId, [...where.profileIds]) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return [];
  return db.select().from(orders).where(or(...conditions)).orderBy(desc(orders.createdAt), asc(orders.id));
}
