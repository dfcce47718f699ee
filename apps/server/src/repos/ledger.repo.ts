/** The family ledger's SQL (decision 055): family_credits, and the read-only view family_ledger_entries every money reader sums. */
import { ore, type Ore } from '@app/shared';
import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { familyCredits, familyLedgerEntries as entries, orders } from '../db/schema';

export type LedgerEntryRow = typeof entries.$inferSelect;
export type CreditRow = typeof familyCredits.$inferSelect;

const columns = {
  id: entries.id,
  profileId: entries.profileId,
  orderId: entries.orderId,
  kind: entries.kind,
  amountOre: entries.amountOre,
  at: entries.at,
  ref: entries.ref,
  createdAt: entries.createdAt,
};

const inOrder = [asc(entries.at), asc(entries.createdAt), asc(entries.id)];

/** The entries of these orders, oldest first. */
export function entriesOfOrders(db: DbOrTx, orderIds: readonly string[]): Promise<LedgerEntryRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.select().from(entries).where(inArray(entries.orderId, [...orderIds])).orderBy(...inOrder);
}

/** Entries in [from, to), oldest first, each with the order it names (the month-end, the reconciliation). */
export function entriesBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({ entry: columns, order: { humanReference: orders.humanReference, reference: orders.reference, additionalInfo: orders.additionalInfo } })
    .from(entries)
    .leftJoin(orders, eq(orders.id, entries.orderId))
    .where(and(gte(entries.at, from), lt(entries.at, to)))
    .orderBy(...inOrder);
}

/** Sum of a family's credit entries up to `now` (an expiry counts once its time has come). */
export async function creditSumOfProfile(db: DbOrTx, profileId: string, now: Date): Promise<Ore> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${entries.amountOre}), 0)` })
    .from(entries)
    .where(
      and(
        eq(entries.profileId, profileId),
        or(inArray(entries.kind, ['credit-given', 'credit-used']), and(eq(entries.kind, 'credit-expired'), sql`${entries.at} <= ${now}`)),
      ),
    );
  return ore(Number(row?.n ?? 0));
}

// ---- family credit ------------------------------------------------------------------------------------------------

export async function insertCredit(tx: DbOrTx, values: typeof familyCredits.$inferInsert): Promise<CreditRow> {
  const [row] = await tx.insert(familyCredits).values(values).returning();
  return row!;
}
export async function deleteCredit(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(familyCredits).where(eq(familyCredits.id, id));
}
/** The ledger entries that name an order, oldest first. */
export function creditsOfOrders(db: DbOrTx, orderIds: readonly string[]): Promise<CreditRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.select().from(familyCredits).where(inArray(familyCredits.orderId, [...orderIds])).orderBy(asc(familyCredits.createdAt), asc(familyCredits.id));
}
export function creditsOfProfile(db: DbOrTx, profileId: string): Promise<CreditRow[]> {
  return db.select().from(familyCredits).where(eq(familyCredits.profileId, profileId)).orderBy(asc(familyCredits.createdAt));
}
/** Given, unused and unexpired at `now`. */
const live = (now: Date) =>
  and(sql`${familyCredits.amountOre} > 0`, isNull(familyCredits.usedByEntryId), sql`(${familyCredits.expiresAt} is null or ${familyCredits.expiresAt} > ${now})`);
/** Unused, unexpired given entries of a family, soonest expiry first (a booking takes these). */
export function liveCredits(db: DbOrTx, profileId: string, now: Date): Promise<CreditRow[]> {
  return db
    .select()
    .from(familyCredits)
    .where(and(eq(familyCredits.profileId, profileId), live(now)))
    .orderBy(asc(familyCredits.expiresAt), asc(familyCredits.id))
    .for('update');
}
/** The given entries an order's payment took (they name the order's 'used' entry). */
export function creditsUsedByOrder(db: DbOrTx, orderId: string): Promise<CreditRow[]> {
  return db
    .select()
    .from(familyCredits)
    .where(
      inArray(
        familyCredits.usedByEntryId,
        db.select({ id: familyCredits.id }).from(familyCredits).where(and(eq(familyCredits.orderId, orderId), sql`${familyCredits.amountOre} < 0`)),
      ),
    );
}
export async function markCreditsUsed(tx: DbOrTx, ids: readonly string[], usedBy: string): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(familyCredits).set({ usedByEntryId: usedBy }).where(inArray(familyCredits.id, [...ids]));
}
/** Families with unexpired, unused credit among these (retention keeps them). */
export async function profilesWithLiveCredit(db: DbOrTx, profileIds: readonly string[], now: Date): Promise<Set<string>> {
  if (profileIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ profileId: familyCredits.profileId })
    .from(familyCredits)
    .where(and(inArray(familyCredits.profileId, [...profileIds]), live(now)));
  return new Set(rows.map((r) => r.profileId));
}

/** Credit pledged by the family's open orders (a live hold whose Vipps part is still to be paid). */
export async function pledgedCredit(db: DbOrTx, profileId: string): Promise<Ore> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${orders.creditOre}), 0)` })
    .from(orders)
    .where(and(eq(orders.profileId, profileId), inArray(orders.status, ['created', 'authorized']), sql`${orders.creditOre} > 0`, sql`not exists (select 1 from ${familyCredits} fc where fc.order_id = ${orders.id} and fc.amount_ore < 0)`));
  return ore(Number(row?.n ?? 0));
}
