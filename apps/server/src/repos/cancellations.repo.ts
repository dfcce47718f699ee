import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { cancellationRulesSchema, type CancellationRules } from '@app/shared';
import type { DbOrTx } from '../db/client';
import { cancellationRuleVersions, cancellations, users } from '../db/schema';

/** The cancellation rules' versions and the parents' cancellations (issue 40). Only this repo queries them. */

/** Writers take this lock first, so versions count 1, 2, 3 … without gaps (as the terms do). */
export async function lockRulesForChange(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`lock table ${cancellationRuleVersions} in share row exclusive mode`);
}

const versionColumns = {
  version: cancellationRuleVersions.version,
  rules: cancellationRuleVersions.rules,
  createdAt: cancellationRuleVersions.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
};

export type RulesVersionRow = { version: number; rules: unknown; createdAt: Date; firstName: string | null; lastName: string | null };

const selectVersions = (db: DbOrTx) =>
  db.select(versionColumns).from(cancellationRuleVersions).leftJoin(users, eq(users.id, cancellationRuleVersions.changedBy));

/** The version in force now (the migration writes version 1, so there always is one). */
export async function currentRulesVersion(db: DbOrTx): Promise<RulesVersionRow | undefined> {
  const [row] = await selectVersions(db).orderBy(desc(cancellationRuleVersions.version)).limit(1);
  return row;
}

export async function findRulesVersion(db: DbOrTx, version: number): Promise<RulesVersionRow | undefined> {
  const [row] = await selectVersions(db).where(eq(cancellationRuleVersions.version, version));
  return row;
}

/** Newest first. */
export function listRulesVersions(db: DbOrTx): Promise<RulesVersionRow[]> {
  return selectVersions(db).orderBy(desc(cancellationRuleVersions.version));
}

/** The next version (inside the writer's transaction, after lockRulesForChange). */
export async function insertRulesVersion(tx: DbOrTx, rules: unknown, changedBy: string | null): Promise<number> {
  const [row] = await tx.select({ v: sql<number | null>`max(${cancellationRuleVersions.version})` }).from(cancellationRuleVersions);
  const version = Number(row?.v ?? 0) + 1;
  await tx.insert(cancellationRuleVersions).values({ version, rules, changedBy });
  return version;
}

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

/** The rules of one version; an order with none recorded (made by the seed or a test builder) follows version 1. */
export async function rulesOfVersion(db: DbOrTx, version: number | null): Promise<{ version: number; rules: CancellationRules } | undefined> {
  const row = await findRulesVersion(db, version ?? 1);
  return row ? { version: row.version, rules: cancellationRulesSchema.parse(row.rules) } : undefined;
}

/** Cancellations whose refund was started and not yet confirmed. */
export function refundingCancellations(db: DbOrTx): Promise<CancellationRow[]> {
  return db.select().from(cancellations).where(eq(cancellations.status, 'refunding'));
}
