/** The family ledger's entries (the view family_ledger_entries, decision 055). Only this repo queries it; it is read only. */
import { ore, type Ore } from '@app/shared';
import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { familyLedgerEntries as entries, orders } from '../db/schema';

export type LedgerEntryRow = typeof entries.$inferSelect;

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
