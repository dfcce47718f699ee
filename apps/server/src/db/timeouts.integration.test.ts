import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './seed/builders';
import { createTestApp, type TestContext } from '../test/app';

/**
 * Issue 52: on PostgreSQL a request blocked on a lock fails within a set time, with the 503 BUSY the embedded database
 * already gives, on every path (not only the eight that set a lock timeout themselves); a statement that runs away is
 * stopped by statement_timeout. PGlite has one connection and its own wait (decision 026), so this is PostgreSQL's.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('every transaction gives up on a held lock (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  const pool = () => (ctx.database.db as unknown as { $client: Pool }).$client;

  it('every connection has the lock and statement timeouts from the settings', async () => {
    const client = await pool().connect();
    try {
      expect((await client.query('show lock_timeout')).rows[0].lock_timeout).toBe(`${ctx.app.env.DATABASE_LOCK_TIMEOUT_MS}ms`.replace(/^(\d+)000ms$/, '$1s'));
      expect((await client.query('show statement_timeout')).rows[0].statement_timeout).toBe(`${ctx.app.env.DATABASE_STATEMENT_TIMEOUT_MS}ms`.replace(/^(\d+)000ms$/, '$1s'));
    } finally {
      client.release();
    }
  });

  it('a change of name behind a row another transaction holds answers 503 BUSY after the lock timeout', async () => {
    const user = await createUser(ctx.database.db);
    const token = (await ctx.app.sessions.issue(user.id)).token;
    const holder = await pool().connect();
    try {
      await holder.query('begin');
      await holder.query('select id from users where id = $1 for update', [user.id]);
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { firstName: 'Ventende' },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error.code).toBe('BUSY');
    } finally {
      await holder.query('rollback');
      holder.release();
    }
  });
});
