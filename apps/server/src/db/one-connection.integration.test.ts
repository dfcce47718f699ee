import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';

/**
 * Issue 34: a transaction can never freeze the site. On the embedded PGlite (one connection) a request that waits
 * longer than DATABASE_WAIT_MS is answered 503 BUSY, and everything answers again once the transaction ends; on
 * PostgreSQL the other requests get other connections and answer at once.
 */
describe('a transaction held open (DATABASE_WAIT_MS=300)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ DATABASE_WAIT_MS: '300', PUBLIC_CACHE_TTL_MS: '0' });
  });
  afterAll(() => t.close());
  const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode;

  it('keeps the rest of the site answering, or refuses it with 503 at once, and serves it again after', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const isOpen = new Promise<void>((resolve) => (started = resolve));
    const held = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      started();
      await released;
    });
    await isOpen;
    const places = () => t.app.inject({ method: 'GET', url: '/api/places' });
    const during = await places();
    if (t.database.kind === 'pglite') {
      expect(during.statusCode).toBe(503);
      expect(during.json().error.code).toBe('BUSY');
      expect(await health()).toBe(503);
    } else {
      expect(during.statusCode).toBe(200);
      expect(await health()).toBe(200);
    }
    release();
    await held;
    expect((await places()).statusCode).toBe(200);
    expect(await health()).toBe(200);
  });

  it('rolls back a transaction that waits on the outer connection instead of freezing every later request', async () => {
    const db = t.database.db;
    const selfWaiting = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // What the lint rule forbids: the outer connection inside the transaction.
      // eslint-disable-next-line tx/no-outer-db-in-transaction -- the bug under test
      await db.execute(sql`select 1`);
      return 'done';
    });
    if (t.database.kind === 'pglite') await expect(selfWaiting).rejects.toMatchObject({ cause: { code: 'BUSY' } });
    else await expect(selfWaiting).resolves.toBe('done');
    expect(await health()).toBe(200);
  });
});
