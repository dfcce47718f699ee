import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { terms, termVersions, users } from '../../db/schema';

export type TermRow = typeof terms.$inferSelect;
export interface TermSnapshot {
  id: string;
  category: string;
  text: string;
  priority: number;
}
export type TermChange = 'initial' | 'created' | 'updated' | 'deleted';

const termColumns = { id: terms.id, category: terms.category, text: terms.text, priority: terms.priority };
const order = [desc(terms.priority), asc(terms.category), asc(terms.createdAt), asc(terms.id)];

export function listTerms(db: DbOrTx): Promise<TermSnapshot[]> {
  return db.select(termColumns).from(terms).orderBy(...order);
}

export async function findTerm(db: DbOrTx, id: string): Promise<TermSnapshot | undefined> {
  const [row] = await db.select(termColumns).from(terms).where(eq(terms.id, id));
  return row;
}

/**
 * Term writers run one at a time (the lock conflicts with itself, not with readers), so every version's snapshot
 * includes all earlier changes and version numbers have no gaps. Call first in the writing transaction.
 */
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

export function listTermVersions(db: DbOrTx) {
  return db
    .select({
      version: termVersions.version,
      createdAt: termVersions.createdAt,
      change: termVersions.change,
      termId: termVersions.termId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(termVersions)
    .leftJoin(users, eq(users.id, termVersions.changedBy))
    .orderBy(desc(termVersions.version));
}

export async function findTermVersion(db: DbOrTx, version: number) {
  const [row] = await db
    .select({
      version: termVersions.version,
      createdAt: termVersions.createdAt,
      change: termVersions.change,
      termId: termVersions.termId,
      terms: termVersions.terms,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(termVersions)
    .leftJoin(users, eq(users.id, termVersions.changedBy))
    .where(eq(termVersions.version, version));
  return row;
}
