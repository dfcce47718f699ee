/** The `discount_codes` table (decision 058) and the uses of a code (orders that took it). Only this repo queries it. */
import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { discountCodes, orders } from '../db/schema';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type DiscountCodeValues = Omit<typeof discountCodes.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** An order that uses its code: paid (authorized, captured, refunded since) or holding a live payment hold. */
const usesCode = or(
  inArray(orders.status, ['authorized', 'captured', 'refunded']),
  and(eq(orders.status, 'created'), gt(orders.holdExpiresAt, sql`now()`)),
);

const usesOf = (codeId: SQL | typeof discountCodes.id, profileId?: string) =>
  sql<number>`(select count(*)::int from ${orders} where ${orders.discountCodeId} = ${codeId} and ${usesCode}${profileId ? sql` and ${orders.profileId} = ${profileId}` : sql``})`;

/** Every code with its uses, newest first. */
export function listCodes(db: DbOrTx): Promise<(DiscountCodeRow & { uses: number })[]> {
  return db
    .select({ row: discountCodes, uses: usesOf(discountCodes.id) })
    .from(discountCodes)
    .orderBy(sql`${discountCodes.createdAt} desc`, asc(discountCodes.code))
    .then((rows) => rows.map(({ row, uses }) => ({ ...row, uses: Number(uses) })));
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
    .select({ total: usesOf(sql`${row.id}`), family: profileId ? usesOf(sql`${row.id}`, profileId) : sql<number>`0` })
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
