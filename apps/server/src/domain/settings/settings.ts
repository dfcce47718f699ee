import { DEFAULT_CANCELLATION_RULES, SETTINGS_SLICES, type SettingsOf, type SettingsSlice, type SettingsVersion } from '@app/shared';
import { requireAllowed } from '../../access/access';
import { withTx, type ServiceContext } from '../../context';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import * as store from '../../repos/setting-versions.repo';

// Why: docs/decisions/054-versioned-settings.md (a change is a new version; an unchanged slice is at its defaults, which
// the first change writes as version 1). Defaults come from the environment until an admin first changes the slice.
const DEFAULTS: { [S in SettingsSlice]: (env: Env) => SettingsOf<S> } = {
  cancellation: () => DEFAULT_CANCELLATION_RULES,
  credit: (env) => ({ months: env.CREDIT_MONTHS }),
  waitlist: (env) => ({ offerHours: env.WAITLIST_OFFER_HOURS, shortOfferHours: env.WAITLIST_SHORT_OFFER_HOURS, priorityDays: env.WAITLIST_PRIORITY_DAYS }),
  closures: (env) => ({ undoMinutes: env.CLOSURE_UNDO_MINUTES, choiceDays: env.DATE_CHOICE_DAYS, defaultChoice: env.DATE_CHOICE_DEFAULT }),
  certificate: () => ({ minAttendancePercent: 75 }),
  siblingDiscount: () => ({ type: 'off' }),
  rollover: () => ({ replyByDays: 7 }),
  absences: () => ({ enabled: true, deadlineHours: 2, tokensPerCourse: 2, tokenMinDays: 60 }),
};

const nameOf = (r: { firstName: string | null; lastName: string | null }) =>
  r.firstName || r.lastName ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() : null;

const toVersion = <S extends SettingsSlice>(slice: S, row: store.SettingVersionRow): SettingsVersion<S> => ({
  version: row.version,
  value: SETTINGS_SLICES[slice].parse(row.value) as SettingsOf<S>,
  createdAt: row.createdAt.toISOString(),
  changedBy: nameOf(row),
});

const defaultsOf = <S extends SettingsSlice>(ctx: ServiceContext, slice: S): SettingsVersion<S> => ({
  version: 1,
  value: DEFAULTS[slice](ctx.env),
  createdAt: null,
  changedBy: null,
});

/** The slice's values in force now. */
export async function currentSettings<S extends SettingsSlice>(ctx: ServiceContext, slice: S): Promise<SettingsVersion<S>> {
  const row = await store.latestVersion(ctx.db, slice);
  return row ? toVersion(slice, row) : defaultsOf(ctx, slice);
}

/** One version as it was (the rules an order was bought under); undefined for a version that never was. */
export async function settingsOfVersion<S extends SettingsSlice>(ctx: ServiceContext, slice: S, version: number): Promise<SettingsVersion<S> | undefined> {
  const row = await store.findVersion(ctx.db, slice, version);
  if (row) return toVersion(slice, row);
  return version === 1 && !(await store.latestVersion(ctx.db, slice)) ? defaultsOf(ctx, slice) : undefined;
}

/** Newest first; just the defaults while nothing is stored. */
export async function settingsHistory<S extends SettingsSlice>(ctx: ServiceContext, slice: S): Promise<SettingsVersion<S>[]> {
  const rows = await store.listVersions(ctx.db, slice);
  return rows.length ? rows.map((row) => toVersion(slice, row)) : [defaultsOf(ctx, slice)];
}

/** Admins: the slice's value becomes its next version (refused by its schema: a 400, nothing written), under the slice's lock. */
export async function changeSettings<S extends SettingsSlice>(ctx: ServiceContext, slice: S, value: unknown): Promise<SettingsVersion<S>> {
  requireAllowed(ctx, 'settings.manage');
  const parsed = SETTINGS_SLICES[slice].safeParse(value);
  if (!parsed.success) throw new AppError('VALIDATION', `Ugyldige innstillinger: ${[...new Set(parsed.error.issues.map((i) => i.message))].join(' ')}`);
  return withTx(ctx, async (ctx) => {
    await store.lockSlice(ctx.db, slice);
    if (!(await store.latestVersion(ctx.db, slice))) await store.insertVersion(ctx.db, slice, DEFAULTS[slice](ctx.env), null);
    const version = await store.insertVersion(ctx.db, slice, parsed.data, ctx.viewer?.id ?? null);
    return toVersion(slice, (await store.findVersion(ctx.db, slice, version))!);
  });
}

/** How many months a family credit given now lasts (the slice 'credit'). */
export const creditMonths = async (ctx: ServiceContext): Promise<number> => (await currentSettings(ctx, 'credit')).value.months;
