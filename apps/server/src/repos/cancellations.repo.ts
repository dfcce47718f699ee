import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { cancellationRuleVersions, users } from '../db/schema';

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
