import { SETTINGS_SLICE_NAMES, type AnySettingsVersion, type SettingsOverview, type SettingsSlice } from '@app/shared';
import { requireAllowed } from '../../access/access';
import type { ServiceContext } from '../../context';
import { changeSettings, settingsHistory } from '../../domain/settings/settings';

/** /admin/innstillinger (decision 054): every slice's history, newest first. */
export async function settingsOverview(ctx: ServiceContext): Promise<SettingsOverview> {
  requireAllowed(ctx, 'settings.manage');
  const entries = await Promise.all(SETTINGS_SLICE_NAMES.map(async (slice) => [slice, await settingsHistory(ctx, slice)] as const));
  return Object.fromEntries(entries) as SettingsOverview;
}

/** A new version of one slice (the domain checks the value against the slice's schema: 400, nothing written). */
export function changeSlice(ctx: ServiceContext, slice: SettingsSlice, value: unknown): Promise<AnySettingsVersion> {
  return changeSettings(ctx, slice, value) as Promise<AnySettingsVersion>;
}
