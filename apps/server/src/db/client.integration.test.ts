import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/db';
import { openDatabase } from './client';

/** The server's pool (keepConnections): its connections are open before the first request, not opened by a surge. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the database pool (PostgreSQL)', () => {
  it('opens all its connections at the start with keepConnections, and only the one it needed without', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    // Each pool names its connections, so one that is still closing is not counted with the next.
    const open = async (keepConnections: boolean) => {
      const url = new URL(scratch.url);
      url.searchParams.set('application_name', `pool-${keepConnections}`);
      const database = await openDatabase({ url: url.toString(), poolSize: 4, keepConnections });
      const result = await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where application_name = ${`pool-${keepConnections}`}`,
      );
      await database.close();
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    try {
      expect(await open(false)).toBe(1);
      expect(await open(true)).toBe(4);
    } finally {
      await scratch.drop();
    }
  });
});
