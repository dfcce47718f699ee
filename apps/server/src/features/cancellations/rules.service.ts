import { cancellationRulesSchema, type CancellationRules, type CancellationRulesVersion } from '@app/shared';
import { withTx, type ServiceContext } from '../../context';
import { AppError } from '../../lib/app-error';
import * as repo from '../../repos/cancellations.repo';

/**
 * The cancellation rules (issue 40), versioned like the terms: a change is a new version; an order keeps the version
 * it was bought under (orders.cancellation_rules_version, written by the order's insert).
 */

const nameOf = (r: { firstName: string | null; lastName: string | null }) =>
  r.firstName || r.lastName ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() : null;

function toVersion(row: repo.RulesVersionRow): CancellationRulesVersion {
  return { version: row.version, rules: cancellationRulesSchema.parse(row.rules), createdAt: row.createdAt.toISOString(), changedBy: nameOf(row) };
}

/** The rules in force now: public (the terms page shows them). */
export async function currentRules(ctx: ServiceContext): Promise<CancellationRulesVersion> {
  const row = await repo.currentRulesVersion(ctx.db);
  if (!row) throw new AppError('NOT_FOUND', 'No cancellation rules');
  return toVersion(row);
}

/** Admins only (the route's role gate): newest first. */
export async function listRulesVersions(ctx: ServiceContext): Promise<CancellationRulesVersion[]> {
  return (await repo.listRulesVersions(ctx.db)).map(toVersion);
}

/** Admins only (the route's role gate): the rules become a new version; orders made before keep theirs. */
export async function changeRules(ctx: ServiceContext, rules: CancellationRules): Promise<CancellationRulesVersion> {
  return withTx(ctx, async (ctx) => {
    await repo.lockRulesForChange(ctx.db);
    const version = await repo.insertRulesVersion(ctx.db, rules, ctx.viewer?.id ?? null);
    return toVersion((await repo.findRulesVersion(ctx.db, version))!);
  });
}
