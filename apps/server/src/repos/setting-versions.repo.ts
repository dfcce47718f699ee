import type { SettingsSlice } from '@app/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { settingVersions, users } from '../db/schema';

/** The versioned settings store (decision 054). Only this repo queries setting_versions. */

/** Writers of one slice take this lock first, so its versions count 1, 2, 3 … without gaps; other slices do not wait. */
export async function lockSlice(tx: DbOrTx, slice: SettingsSlice): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('setting_versions'), hashtext(${slice}))`);
}

export type SettingVersionRow = { version: number; value: unknown; createdAt: Date; firstName: string | null; lastName: string | null };

const selectVersions = (db: DbOrTx) =>
  db
    .select({
      version: settingVersions.version,
      value: settingVersions.value,
      createdAt: settingVersions.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(settingVersions)
    .leftJoin(users, eq(users.id, settingVersions.createdBy));

/** The newest version of a slice; undefined while nothing is stored (the slice is at its defaults). */
export async function latestVersion(db: DbOrTx, slice: SettingsSlice): Promise<SettingVersionRow | undefined> {
  const [row] = await selectVersions(db).where(eq(settingVersions.slice, slice)).orderBy(desc(settingVersions.version)).limit(1);
  return row;
}

export async function findVersion(db: DbOrTx, slice: SettingsSlice, version: number): Promise<SettingVersionRow | undefined> {
  const [row] = await selectVersions(db).where(and(eq(settingVersions.slice, slice), eq(settingVersions.version, version)));
  return row;
}

/** Newest first. */
export function listVersions(db: DbOrTx, slice: SettingsSlice): Promise<SettingVersionRow[]> {
  return selectVersions(db).where(eq(settingVersions.slice, slice)).orderBy(desc(settingVersions.version));
}

/** The next version of the slice (inside the writer's transaction, after lockSlice). */
export async function insertVersion(tx: DbOrTx, slice: SettingsSlice, value: unknown, createdBy: string | null): Promise<number> {
  const [row] = await tx.select({ v: sql<number | null>`max(${settingVersions.version})` }).from(settingVersions).where(eq(settingVersions.slice, slice));
  const version = Number(row?.v ?? 0) + 1;
  await tx.insert(settingVersions).values({ slice, version, value, createdBy });
  return version;
}

/** The slice's newest version number, as SQL, for an insert that records the version in force (an order's rules). */
export const latestVersionSql = (slice: SettingsSlice) =>
  sql<number | null>`(select max(${settingVersions.version}) from ${settingVersions} where ${settingVersions.slice} = ${slice})`;
