import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createUser } from './builders';
import { createTestDatabase } from './db';

const journal = (await import('../db/migrations/meta/_journal.json', { with: { type: 'json' } })).default as { entries: unknown[] };

/**
 * Decision 051: each test file's database is a copy of the run's migrated template (PGlite: loadDataDir of a
 * dump; PostgreSQL: CREATE DATABASE … TEMPLATE). The copy must count as migrated for drizzle's migrator, and the
 * copies must not share anything.
 */
describe('the migrated template', () => {
  let one: Database;
  let two: Database;
  beforeAll(async () => {
    one = await createTestDatabase();
    two = await createTestDatabase();
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  const applied = async (database: Database) =>
    ((await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

  it('has every migration recorded, so the migrator applies none again', async () => {
    expect(await applied(one)).toBe(journal.entries.length);
    const { migrate } = await import(one.kind === 'pglite' ? 'drizzle-orm/pglite/migrator' : 'drizzle-orm/node-postgres/migrator');
    const { migrationsFolder } = await import('../db/client');
    await migrate(one.db as never, { migrationsFolder });
    expect(await applied(one)).toBe(journal.entries.length);
  });

  it('gives each file a database of its own', async () => {
    const user = await createUser(one.db);
    const count = async (database: Database) =>
      ((await database.db.execute(sql`select count(*)::int as n from users where id = ${user.id}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(await count(one)).toBe(1);
    expect(await count(two)).toBe(0);
  });
});
