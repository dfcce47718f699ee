import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Clock } from '../context';
import type { Database } from '../db/client';
import { parseEnv } from '../env';
import { createTestDatabase } from './db';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** buildApp() on a fresh database, for integration tests through app.inject(). */
export async function createTestApp(envOverrides: Record<string, string> = {}, options: { clock?: Clock } = {}): Promise<TestContext> {
  const env = parseEnv({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false', ...envOverrides });
  const database = await createTestDatabase({ waitMs: env.DATABASE_WAIT_MS });
  const app = await buildApp({ env, db: database.db, listen: database.listen, ...(options.clock ? { clock: options.clock } : {}) });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
