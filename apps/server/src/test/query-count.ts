import type { ServiceContext, Viewer } from '../context';
import { movableClock } from './clock';
import type { Database } from '../db/client';
import { parseEnv } from '../env';
import { createTestDatabase } from './db';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };
const env = parseEnv({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false' });

/**
 * A test database that counts the queries sent to it (issue 43: a list makes a fixed number of queries whatever its
 * length). `queriesOf(work)` is how many queries `work` sent; `contextOf(viewer)` calls services on it as `viewer`.
 */
export async function countingDatabase() {
  let queries = 0;
  const database: Database = await createTestDatabase({ onQuery: () => (queries += 1) });
  return {
    database,
    db: database.db,
    async queriesOf(work: () => Promise<unknown>): Promise<number> {
      queries = 0;
      await work();
      return queries;
    },
    contextOf(viewer: Viewer): ServiceContext {
      return { db: database.db, env, log: silent, viewer, clock: movableClock(Date.now()), payments: undefined as never };
    },
  };
}

export const asParent = (id: string) => ({ id, roles: ['parent' as const], isAdmin: false, isInstructor: false });
export const asAdmin = (id: string) => ({ id, roles: ['parent' as const, 'admin' as const], isAdmin: true, isInstructor: false });
