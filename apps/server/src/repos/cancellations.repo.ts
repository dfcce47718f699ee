import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { cancellations } from '../db/schema';

/** The parents' cancellations (issue 40); the rules they follow are the settings slice 'cancellation' (decision 054). */

// ---- cancellations ------------------------------------------------------------------------------------------------

export type CancellationRow = typeof cancellations.$inferSelect;

/** One per order: a second insert (a double click, a retried request) gets the row the first one wrote. */
export async function insertCancellation(tx: DbOrTx, values: typeof cancellations.$inferInsert): Promise<{ row: CancellationRow; created: boolean }> {
  const [row] = await tx.insert(cancellations).values(values).onConflictDoNothing({ target: cancellations.orderId }).returning();
  if (row) return { row, created: true };
  return { row: (await findCancellationOfOrder(tx, values.orderId))!, created: false };
}

export async function findCancellationOfOrder(db: DbOrTx, orderId: string): Promise<CancellationRow | undefined> {
  const [row] = await db.select().from(cancellations).where(eq(cancellations.orderId, orderId));
  return row;
}

export async function cancellationsOfOrders(db: DbOrTx, orderIds: readonly string[]): Promise<CancellationRow[]> {
  if (!orderIds.length) return [];
  return db.select().from(cancellations).where(inArray(cancellations.orderId, [...orderIds]));
}

/** Moves a cancellation on from `from` (so two writers cannot both move it); undefined when it was not in `from`. */
export async function updateCancellation(
  tx: DbOrTx,
  id: string,
  from: readonly string[],
  values: Partial<Pick<CancellationRow, 'status' | 'refundOre' | 'pspReference' | 'adminMessage' | 'decidedBy' | 'decidedAt'>>,
): Promise<CancellationRow | undefined> {
  const [row] = await tx
    .update(cancellations)
    .set(values)
    .where(and(eq(cancellations.id, id), inArray(cancellations.status, [...from])))
    .returning();
  return row;
}

/** Cancellations whose refund was started and not yet confirmed. */
export function refundingCancellations(db: DbOrTx): Promise<CancellationRow[]> {
  return db.select().from(cancellations).where(eq(cancellations.status, 'refunding'));
}
