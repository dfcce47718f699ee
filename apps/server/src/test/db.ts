import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A new, empty database on the PostgreSQL server named by `adminUrl` (TEST_DATABASE_URL), and how to drop it
 * again (connections still open are ended). Every test that needs its own database on the server starts here.
 */
export async function createScratchDatabase(adminUrl: string, prefix = 't'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL (CI), or an in-memory PGlite. close() drops it.
 */
export async function createTestDatabase(options: { waitMs?: number; onQuery?: (sql: string) => void } = {}): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ dataDir: 'memory://', waitMs: options.waitMs, onQuery: options.onQuery });
  const scratch = await createScratchDatabase(adminUrl);
  const database = await openDatabase({ url: scratch.url, poolSize: 20, waitMs: options.waitMs, onQuery: options.onQuery });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
