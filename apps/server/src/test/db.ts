import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { adminQuery, databaseUrl } from './pg-admin';

/** What the run's globalSetup (test/template-setup.ts) provided; nothing when the project has no such setup. */
function provided(key: 'pgliteTemplate' | 'postgresTemplate'): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * A new database on the PostgreSQL server named by `adminUrl` (TEST_DATABASE_URL), and how to drop it again
 * (connections still open are ended). Every test that needs its own database on the server starts here.
 * `migrated: true`: a copy of the run's migrated template (`CREATE DATABASE … TEMPLATE`, decision 051) when there
 * is one; openDatabase then finds every migration applied. Otherwise (and by default) the database is empty.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix = 't',
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? provided('postgresTemplate') : undefined;
  await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { url: databaseUrl(adminUrl, name), drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}

let pgliteTemplate: Promise<Blob> | undefined;

/** The run's migrated PGlite data folder (a tar), read once per test file; undefined without the globalSetup. */
function pgliteTemplateDump(): Promise<Blob> | undefined {
  const file = provided('pgliteTemplate');
  if (!file) return undefined;
  pgliteTemplate ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

/**
 * A fresh, migrated in-memory PGlite: a copy of the run's template when the project has one (decision 051),
 * otherwise migrated from scratch.
 */
export async function createTestPglite(options: { waitMs?: number; onQuery?: (sql: string) => void } = {}): Promise<Database> {
  const dump = pgliteTemplateDump();
  return openDatabase({ dataDir: 'memory://', waitMs: options.waitMs, onQuery: options.onQuery, ...(dump ? { loadDataDir: await dump } : {}) });
}

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL (CI), or an in-memory PGlite; both copied from the run's migrated template. close() drops it.
 */
export async function createTestDatabase(options: { waitMs?: number; onQuery?: (sql: string) => void } = {}): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return createTestPglite(options);
  const scratch = await createScratchDatabase(adminUrl, 't', { migrated: true });
  const database = await openDatabase({ url: scratch.url, poolSize: 20, waitMs: options.waitMs, onQuery: options.onQuery });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
