/** The `discount_codes` table (decision 058) and the uses of a code (orders that took it). Only this repo queries it. */
import { and, asc, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { discountCodes, orders } from '../db/schema';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type DiscountCodeValues = Omit<typeof discountCodes.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** An order that uses its code: paid (authorized, captured, refunded since) or holding a live payment hold. */
const usesCode = or(
  inArray(orders.status, ['authorized', 'captured', 'refunded']),
  and(eq(orders.status, 'created'), gt(orders.holdExpiresAt, sql`now()`)),
);

const usesOf = (codeId: string, profileId?: string) =>
  sql<number>`(select count(*)::int from ${orders} where ${orders.discountCodeId} = ${codeId} and ${usesCode}${profileId ? sql` and ${orders.profileId} = ${profileId}` : sql``})`;

/** Every code with its uses, newest first. */
export async function listCodes(db: DbOrTx): Promise<(DiscountCodeRow & { uses: number })[]> {
  const rows = await db
    .select({ row: discountCodes, uses: count(orders.id) })
    .from(discountCodes)
    .leftJoin(orders, and(eq(orders.discountCodeId, discountCodes.id), usesCode))
    .groupBy(discountCodes.id)
    .orderBy(desc(discountCodes.createdAt), asc(discountCodes.code));
  return rows.map(({ row, uses }) => ({ ...row, uses: Number(uses) }));
}

export async function findCodeById(db: DbOrTx, id: string): Promise<DiscountCodeRow | undefined> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row;
}

/**
 * A code by its (normalised) text with its uses, in total and by the family; `lock`: the row is locked first (the
 * payment start), so two families cannot both take the last use.
 */
export async function findCodeWithUses(db: DbOrTx, code: string, profileId: string | null, lock = false) {
  const query = db.select().from(discountCodes).where(eq(discountCodes.code, code));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const [uses] = await db
    .select({ total: usesOf(row.id), family: profileId ? usesOf(row.id, profileId) : sql<number>`0` })
    .from(sql`(select 1) as one`);
  return { row, uses: Number(uses!.total), familyUses: Number(uses!.family) };
}

export async function insertCode(db: DbOrTx, values: DiscountCodeValues): Promise<DiscountCodeRow> {
  const [row] = await db.insert(discountCodes).values(values).returning();
  return row!;
}

export async function updateCode(db: DbOrTx, id: string, values: Partial<DiscountCodeValues>): Promise<void> {
  await db.update(discountCodes).set(values).where(eq(discountCodes.id, id));
}

/** Deletes a code no order took (else the foreign key restricts: the caller maps it). */
export async function deleteCode(db: DbOrTx, id: string): Promise<void> {
  await db.delete(discountCodes).where(eq(discountCodes.id, id));
}
