import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { faqs } from '../../db/schema';

const columns = { id: faqs.id, question: faqs.question, answer: faqs.answer };

export function listFaqs(db: DbOrTx) {
  return db.select(columns).from(faqs).orderBy(asc(faqs.position), asc(faqs.createdAt), asc(faqs.id));
}

/** A new FAQ goes last. */
export async function insertFaq(db: DbOrTx, values: { question: string; answer: string }) {
  const [row] = await db
    .insert(faqs)
    .values({ ...values, position: sql`(select coalesce(max(${faqs.position}), -1) + 1 from ${faqs})` })
    .returning(columns);
  return row!;
}

export async function updateFaq(db: DbOrTx, id: string, values: Partial<{ question: string; answer: string }>) {
  const [row] = await db.update(faqs).set(values).where(eq(faqs.id, id)).returning(columns);
  return row;
}

export async function deleteFaq(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id })).length > 0;
}

/** Reordering runs one at a time, so two admins' orders cannot interleave. */
export async function lockFaqsForReorder(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`lock table ${faqs} in share row exclusive mode`);
}

/** Positions 0, 1, 2 … in the order given (one statement). */
export async function setFaqPositions(tx: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id} then ${i}::integer`),
    sql` `,
  );
  await tx
    .update(faqs)
    .set({ position: sql`case ${faqs.id} ${cases} end` })
    .where(inArray(faqs.id, ids));
}
