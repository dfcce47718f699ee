import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { PAID_ORDER_STATUSES, type Ore } from '@app/shared';
import type { DbOrTx } from '../db/client';
import { containsPattern } from '../db/like';
import { courses, newId, orderEvents, orders, participants, paymentIncidents, profileParents, users } from '../db/schema';
import { latestVersionSql } from './setting-versions.repo';
import { dbNowPlus } from './system.repo';

/** Orders (also the holds on course places) and their Vipps events (`order_events`). Only this repo queries them. */

export type OrderRow = typeof orders.$inferSelect;
type NewOrderRow = typeof orders.$inferInsert;

/** Made before the insert: the Vipps reference is derived from it. */
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
  /** A gift card's order (decision 059): the buyer's e-mail address, where the card and its receipt go. */
  giftCard?: { email: string };
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


/** A live hold on the course: an order still 'created' whose hold has not expired by the database clock. */
const liveHoldOn = (courseId: string) => and(eq(orders.courseId, courseId), eq(orders.status, 'created'), gt(orders.holdExpiresAt, sql`now()`));

/** Milliseconds (database clock) until the course's first live hold runs out, as a subquery (null: none). */
export const firstHoldEndInMsQuery = (db: DbOrTx, courseId: string) =>
  db
    .select({ ms: sql<string | null>`ceil(extract(epoch from (min(${orders.holdExpiresAt}) - now())) * 1000)` })
    .from(orders)
    .where(liveHoldOn(courseId));

/** When each family's (profile's) holds ran out unpaid within the last `withinMs` (database clock), newest first. */
export async function lapseTimesPerProfile(db: DbOrTx, profileIds: readonly string[], withinMs: number): Promise<Map<string, Date[]>> {
  const result = new Map<string, Date[]>();
  if (profileIds.length === 0) return result;
  const rows = await db
    .select({ profileId: orders.profileId, lapsedAt: orders.lapsedAt })
    .from(orders)
    .where(and(inArray(orders.profileId, [...profileIds]), gt(orders.lapsedAt, dbNowPlus(-withinMs))))
    .orderBy(desc(orders.lapsedAt));
  for (const r of rows) result.set(r.profileId!, [...(result.get(r.profileId!) ?? []), r.lapsedAt!]);
  return result;
}

/** The id of the child's (first) live hold on the course, as a subquery (awaited: the hold, if any; a double click finds the first). */
export const liveHoldIdQuery = (db: DbOrTx, courseId: string, childId: string) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(and(liveHoldOn(courseId), eq(orders.childId, childId)))
    .orderBy(asc(orders.createdAt))
    .limit(1);

export async function insertOrder(
  tx: DbOrTx,
  values: Omit<NewOrderRow, 'holdExpiresAt' | 'syncAfter' | 'termsVersion' | 'cancellationRulesVersion'> & { termsVersion: NewOrderRow['termsVersion'] | SQL },
  holdMs: number,
  firstSyncMs: number,
): Promise<OrderRow> {
  const [row] = await tx
    .insert(orders)
    // The order keeps the cancellation rules in force now (decision 054), read by the insert itself.
    .values({ ...values, cancellationRulesVersion: latestVersionSql('cancellation'), holdExpiresAt: dbNowPlus(holdMs), syncAfter: dbNowPlus(firstSyncMs) })
    .returning();
  return row!;
}

/**
 * A family's booked orders (paid, or holding a live payment hold) on courses whose first day (in Oslo) is in
 * [startsOn, endsOn], oldest first, each with whether it took a sibling discount (decision 058).
 */
export function bookedInSeason(db: DbOrTx, profileId: string, days: { startsOn: string; endsOn: string }): Promise<{ childId: string | null; sibling: boolean }[]> {
  return db
    .select({ childId: orders.childId, sibling: sql<boolean>`${orders.discounts} @> '[{"kind":"sibling"}]'::jsonb` })
    .from(orders)
    .innerJoin(courses, eq(courses.id, orders.courseId))
    .where(
      and(
        eq(orders.profileId, profileId),
        or(inArray(orders.status, ['authorized', 'captured']), and(eq(orders.status, 'created'), gt(orders.holdExpiresAt, sql`now()`))),
        sql`(${courses.firstDate} at time zone 'Europe/Oslo')::date between ${days.startsOn}::date and ${days.endsOn}::date`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
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
  options: { onlyWithoutRedirect?: boolean; syncAfter?: SQL | null; lapsed?: boolean } = {},
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status: 'terminated', syncAfter: options.syncAfter ?? null, ...(options.lapsed ? { lapsedAt: sql`now()` } : {}) })
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
  patch: { status?: string; syncAfter: SQL | null; lapsed?: boolean },
): Promise<void> {
  const { lapsed, ...values } = patch;
  await tx
    .update(orders)
    .set({ ...values, ...(lapsed ? { lapsedAt: sql`now()` } : {}) })
    .where(eq(orders.id, id));
}

/**
 * A 'created' order whose payment could not be started because Vipps did not answer: the reconciler looks at it when
 * its hold ends (not after NO_PAYMENT_GRACE_MS), so the parent keeps the place for the whole hold. Returns the hold's
 * end, or undefined when the order is no longer 'created' or its hold is over.
 */
export async function deferSyncToHoldEnd(db: DbOrTx, id: string): Promise<{ holdExpiresAt: Date | null } | undefined> {
  const [row] = await db
    .update(orders)
    .set({ syncAfter: sql`${orders.holdExpiresAt}` })
    .where(and(eq(orders.id, id), eq(orders.status, 'created'), sql`${orders.holdExpiresAt} > now()`))
    .returning({ holdExpiresAt: orders.holdExpiresAt });
  return row;
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
  values: { orderId: string; name: string; pspReference: string; amountOre: Ore; currency: string; success: boolean; timestamp: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(orderEvents)
    .values({ ...values, success: values.success ? 'true' : 'false' })
    .onConflictDoNothing({ target: [orderEvents.orderId, orderEvents.name, orderEvents.pspReference] })
    .returning({ id: orderEvents.id });
  return rows.length > 0;
}

/** The key an event is stored once under (the unique index on order, name, pspReference), for eventKeys. */
export const eventKey = (event: { name: string; pspReference: string }) => `${event.name} ${event.pspReference}`;

/** The keys (eventKey) of the order's stored events. */
export async function eventKeys(db: DbOrTx, orderId: string): Promise<Set<string>> {
  const rows = await db.select({ name: orderEvents.name, pspReference: orderEvents.pspReference }).from(orderEvents).where(eq(orderEvents.orderId, orderId));
  return new Set(rows.map(eventKey));
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

// ---- back office: order list, paid-order statistics, notifications ----------------------------------------------

/** The order, and whether its child is still on the course (holds its place). */
const withEnrolment = { order: orders, enrolled: sql<boolean>`exists (select 1 from ${participants} p where p.order_id = ${orders.id})` };

export interface OrderListFilter {
  status?: string;
  /** [from, to) instants. */
  from?: Date;
  to?: Date;
  /** Typed text: part of a reference (case ignored), or, folded (searchTerm), of the buyer's or a guardian's name. */
  search?: { text: string; folded: string };
  /** Only orders with an open payment incident. */
  openIncident?: boolean;
}

/** Orders whose reference contains the text, or whose buyer or family's guardians have it in their name. */
function matchesSearch({ text, folded }: { text: string; folded: string }): SQL | undefined {
  const reference = containsPattern(text.toLowerCase());
  const name = containsPattern(folded);
  return or(
    sql`lower(${orders.reference}) like ${reference}`,
    sql`lower(${orders.humanReference}) like ${reference}`,
    sql`exists (select 1 from ${users} u where u.id = ${orders.userId} and u.search_text like ${name})`,
    sql`exists (select 1 from ${profileParents} pp join ${users} u on u.id = pp.user_id where pp.profile_id = ${orders.profileId} and u.search_text like ${name})`,
  );
}

/** A page of orders, newest first, with whether each still holds its place, and the count of all matching. */
export async function listOrders(db: DbOrTx, filter: OrderListFilter, limit: number, offset: number) {
  const where = and(
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.from ? gte(orders.createdAt, filter.from) : undefined,
    filter.to ? lt(orders.createdAt, filter.to) : undefined,
    filter.search ? matchesSearch(filter.search) : undefined,
    filter.openIncident ? sql`exists (select 1 from ${paymentIncidents} i where i.order_id = ${orders.id} and i.resolved_at is null)` : undefined,
  );
  const [counted] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select(withEnrolment)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return { total: Number(counted?.n ?? 0), rows };
}

export async function findOrderWithEnrolment(db: DbOrTx, id: string) {
  const [row] = await db.select(withEnrolment).from(orders).where(eq(orders.id, id));
  return row;
}

/** Every Vipps payment's recorded events, by order reference in time order (test mode teaches them to the simulator). */
export function vippsPaymentEvents(db: DbOrTx) {
  return db
    .select({ reference: orders.reference, name: orderEvents.name, pspReference: orderEvents.pspReference, amountOre: orderEvents.amountOre, timestamp: orderEvents.timestamp })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(eq(orders.provider, 'vipps'), eq(orderEvents.success, 'true')))
    .orderBy(asc(orders.reference), asc(orderEvents.timestamp), asc(orderEvents.createdAt));
}

export function eventsOfOrders(db: DbOrTx, orderIds: readonly string[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, [...orderIds]))
    .orderBy(asc(orderEvents.timestamp), asc(orderEvents.createdAt));
}

/**
 * Claims the right to tell the parent about one event (an admin refund or cancellation): true exactly once per
 * event, whoever stored it (the modification's answer or the webhook).
 */
export async function claimEventNotification(tx: DbOrTx, orderId: string, name: string, pspReference: string): Promise<boolean> {
  const rows = await tx
    .update(orderEvents)
    .set({ notifiedAt: sql`now()` })
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.name, name),
        eq(orderEvents.pspReference, pspReference),
        isNull(orderEvents.notifiedAt),
      ),
    )
    .returning({ id: orderEvents.id });
  return rows.length > 0;
}

const paidInRange = (start: Date, end: Date) =>
  and(inArray(orders.status, [...PAID_ORDER_STATUSES]), gte(orders.createdAt, start), lt(orders.createdAt, end));

/** First and last paid order in [start, end), and how many (index orders_paid_created_at_idx). */
export async function paidOrderSpan(db: DbOrTx, start: Date, end: Date) {
  const [row] = await db
    .select({
      first: sql<string | null>`min(${orders.createdAt})`,
      last: sql<string | null>`max(${orders.createdAt})`,
      total: count(),
    })
    .from(orders)
    .where(paidInRange(start, end));
  return {
    first: row?.first ? new Date(row.first) : null,
    last: row?.last ? new Date(row.last) : null,
    total: Number(row?.total ?? 0),
  };
}

/** Paid orders in [start, end) counted per hour or per whole UTC day, in SQL. */
export async function paidOrderBuckets(db: DbOrTx, start: Date, end: Date, bucket: 'hour' | 'day') {
  // The unit is inlined (never a bind parameter): GROUP BY must see the very same expression as the SELECT.
  const unit = bucket === 'day' ? sql.raw(`'day'`) : sql.raw(`'hour'`);
  const truncated = sql`date_trunc(${unit}, ${orders.createdAt} at time zone 'UTC')`;
  const rows = await db
    .select({ bucket: sql<string>`to_char(${truncated}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`, count: count() })
    .from(orders)
    .where(paidInRange(start, end))
    .groupBy(truncated)
    .orderBy(truncated);
  return rows.map((r) => ({ t: r.bucket, count: Number(r.count) }));
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
  const child = sql`jsonb_set(${orders.additionalInfo}, '{child}', ${JSON.stringify(DELETED_CHILD)}::jsonb, true)`;
  const info = profileDeleted ? sql`jsonb_set(${child}, '{profile}', 'null'::jsonb, true)` : child;
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

/** Raises a payment incident on an order, once per reason; true when it is new. */
export async function raiseIncident(
  db: DbOrTx,
  order: Pick<OrderRow, 'id' | 'childId' | 'courseId'>,
  reason: string,
  vippsState: string,
): Promise<boolean> {
  const rows = await db
    .insert(paymentIncidents)
    .values({ orderId: order.id, childId: order.childId, courseId: order.courseId, reason, vippsState })
    .onConflictDoNothing()
    .returning({ id: paymentIncidents.id });
  return rows.length > 0;
}

/** The open incidents of these orders. */
export function openIncidentsOfOrders(db: DbOrTx, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(paymentIncidents)
    .where(and(inArray(paymentIncidents.orderId, [...orderIds]), isNull(paymentIncidents.resolvedAt)))
    .orderBy(asc(paymentIncidents.createdAt));
}

/** A family's paid orders (captured or refunded), newest first, with whether the child is still on the course. */
export function paidOrdersOfProfile(db: DbOrTx, profileId: string) {
  return db
    .select(withEnrolment)
    .from(orders)
    .where(and(eq(orders.profileId, profileId), inArray(orders.status, [...PAID_ORDER_STATUSES])))
    .orderBy(desc(orders.createdAt));
}

/** One stored Vipps event of an order (a receipt's capture or refund). */
export async function findOrderEvent(db: DbOrTx, orderId: string, eventId: string) {
  const [row] = await db.select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.id, eventId)));
  return row;
}

/** Marks an open incident of an order resolved (the reconciler settled what it was about). */
export async function resolveIncident(db: DbOrTx, orderId: string, reason: string): Promise<void> {
  await db
    .update(paymentIncidents)
    .set({ resolvedAt: sql`now()` })
    .where(and(eq(paymentIncidents.orderId, orderId), eq(paymentIncidents.reason, reason), isNull(paymentIncidents.resolvedAt)));
}

export type IncidentRow = typeof paymentIncidents.$inferSelect;

/** One payment incident, open or resolved. */
export async function findIncident(db: DbOrTx, id: string): Promise<IncidentRow | undefined> {
  const [row] = await db.select().from(paymentIncidents).where(eq(paymentIncidents.id, id));
  return row;
}

/** An admin resolves an open incident, once: undefined when it was resolved already (a second click, another admin). */
export async function resolveIncidentByAdmin(
  db: DbOrTx,
  id: string,
  resolution: { resolvedBy: string; outcome: string; note: string },
): Promise<IncidentRow | undefined> {
  const [row] = await db
    .update(paymentIncidents)
    .set({ resolvedAt: sql`now()`, ...resolution })
    .where(and(eq(paymentIncidents.id, id), isNull(paymentIncidents.resolvedAt)))
    .returning();
  return row;
}

/** How many payment incidents are open (the admin dashboard's 'Drift'). */
export async function countOpenIncidents(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(paymentIncidents).where(isNull(paymentIncidents.resolvedAt));
  return Number(row?.n ?? 0);
}
