import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contactMessages, faqs, terms, termVersions, users } from '../db/schema';

/** Site content: FAQs, terms and conditions, and the messages of the contact form. Only this repo queries them. */

const faqColumns = { id: faqs.id, question: faqs.question, answer: faqs.answer };

export function listFaqs(db: DbOrTx) {
  return db.select(faqColumns).from(faqs).orderBy(asc(faqs.position), asc(faqs.createdAt), asc(faqs.id));
}

/** A new FAQ goes last. */
export async function insertFaq(db: DbOrTx, values: { question: string; answer: string }) {
  const [row] = await db
    .insert(faqs)
    .values({ ...values, position: sql`(select coalesce(max(${faqs.position}), -1) + 1 from ${faqs})` })
    .returning(faqColumns);
  return row!;
}

export async function updateFaq(db: DbOrTx, id: string, values: Partial<{ question: string; answer: string }>) {
  const [row] = await db.update(faqs).set(values).where(eq(faqs.id, id)).returning(faqColumns);
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

export async function faqExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: faqs.id }).from(faqs).where(eq(faqs.id, id)).limit(1);
  return !!row;
}

export async function termExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: terms.id }).from(terms).where(eq(terms.id, id)).limit(1);
  return !!row;
}

export type TermSnapshot = { id: string; category: string; text: string; priority: number };
export type TermChange = 'initial' | 'created' | 'updated' | 'deleted';

const termColumns = { id: terms.id, category: terms.category, text: terms.text, priority: terms.priority };
const order = [desc(terms.priority), asc(terms.category), asc(terms.createdAt), asc(terms.id)];

export function listTerms(db: DbOrTx): Promise<TermSnapshot[]> {
  return db.select(termColumns).from(terms).orderBy(...order);
}

/** Term writers take turns (readers are not blocked), so each snapshot has every earlier change and versions have no gaps. */
export async function lockTermsForChange(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`lock table ${terms} in share row exclusive mode`);
}

export async function insertTerm(tx: DbOrTx, values: { category: string; text: string; priority: number }) {
  const [row] = await tx.insert(terms).values(values).returning(termColumns);
  return row!;
}

export async function updateTerm(tx: DbOrTx, id: string, values: Partial<{ category: string; text: string; priority: number }>) {
  const [row] = await tx.update(terms).set(values).where(eq(terms.id, id)).returning(termColumns);
  return row;
}

export async function deleteTerm(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx.delete(terms).where(eq(terms.id, id)).returning({ id: terms.id });
  return rows.length > 0;
}

/** The version in force now; null while the terms were never versioned. */
export async function currentTermsVersion(db: DbOrTx): Promise<number | null> {
  const [row] = await db.select({ v: sql<number | null>`max(${termVersions.version})` }).from(termVersions);
  return row?.v === null || row?.v === undefined ? null : Number(row.v);
}

/** The same, as an SQL expression for a column value: read by the statement that writes it, no round trip of its own. */
export const currentTermsVersionSql = () => sql<number | null>`(select max(${termVersions.version}) from ${termVersions})`;

/** Records the terms as they are now (inside the writer's transaction) as the next version. */
export async function snapshotTerms(
  tx: DbOrTx,
  change: TermChange,
  termId: string | null = null,
  changedBy: string | null = null,
): Promise<number> {
  const version = ((await currentTermsVersion(tx)) ?? 0) + 1;
  await tx.insert(termVersions).values({ version, terms: await listTerms(tx), change, termId, changedBy });
  return version;
}

/** Term versions with the name of who made each (`more`: the terms too). */
const termVersionsQuery = (db: DbOrTx, more: { terms?: typeof termVersions.terms } = {}) =>
  db
    .select({
      ...more,
      version: termVersions.version,
      createdAt: termVersions.createdAt,
      change: termVersions.change,
      termId: termVersions.termId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(termVersions)
    .leftJoin(users, eq(users.id, termVersions.changedBy));

export function listTermVersions(db: DbOrTx) {
  return termVersionsQuery(db).orderBy(desc(termVersions.version));
}

export async function findTermVersion(db: DbOrTx, version: number) {
  const [row] = await termVersionsQuery(db, { terms: termVersions.terms }).where(eq(termVersions.version, version));
  return row;
}

export async function insertContactMessage(db: DbOrTx, message: { name: string; email: string; message: string }): Promise<string> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!.id;
}
