import type { CancellationRules, CancellationRulesVersion, SettingsVersion } from '@app/shared';
import type { ServiceContext } from '../../context';
import { changeSettings, currentSettings, settingsHistory } from '../../domain/settings/settings';
import { AppError } from '../../lib/app-error';

// The cancellation rules are the settings slice 'cancellation' (decision 054); an order keeps the version it was bought under.
function toRulesVersion(v: SettingsVersion<'cancellation'>): CancellationRulesVersion {
  // Migration 0017 stored version 1 and 0028 moved it into the store, so the slice always has a stored version.
  if (!v.createdAt) throw new AppError('NOT_FOUND', 'No cancellation rules');
  return { version: v.version, rules: v.value, createdAt: v.createdAt, changedBy: v.changedBy };
}

/** The rules in force now: public (the terms page shows them). */
export async function currentRules(ctx: ServiceContext): Promise<CancellationRulesVersion> {
  return toRulesVersion(await currentSettings(ctx, 'cancellation'));
}

/** Admins only (the route's role gate): newest first. */
export async function listRulesVersions(ctx: ServiceContext): Promise<CancellationRulesVersion[]> {
  return (await settingsHistory(ctx, 'cancellation')).map(toRulesVersion);
}

/** Admins only (the route's role gate): the rules become a new version; orders made before keep theirs. */
export async function changeRules(ctx: ServiceContext, rules: CancellationRules): Promise<CancellationRulesVersion> {
  return toRulesVersion(await changeSettings(ctx, 'cancellation', rules));
}
