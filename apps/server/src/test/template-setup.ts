import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../db/client';
import { adminQuery, databaseUrl } from './pg-admin';

/**
 * Vitest globalSetup of the database tiers (issue 54, decision 051): migrate once per run into a template, and let
 * every test file copy it (test/db.ts) instead of running the migrations again.
 * - PGlite: a migrated in-memory PGlite, dumped uncompressed (`dumpDataDir('none')`) to a file in a temp dir; the
 *   path is provided as `pgliteTemplate`.
 * - PostgreSQL (TEST_DATABASE_URL): one migrated database, provided as `postgresTemplate`; each file's database is
 *   `CREATE DATABASE … TEMPLATE` it. Dropped at teardown.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `tmpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const database = await openDatabase({ url: databaseUrl(adminUrl, name), poolSize: 1 });
    await database.close();
    project.provide('postgresTemplate', name);
    return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite('memory://', { extensions: { pg_trgm } });
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate?: string;
    postgresTemplate?: string;
  }
}
