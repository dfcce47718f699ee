import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Clock } from '../context';
import type { Database } from '../db/client';
import { parseEnv } from '../env';
import { createFamily, createInstructor, createUser } from './builders';
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

/** The Authorization header of a session token; none for ''. */
export const auth = (token: string) => (token ? { authorization: `Bearer ${token}` } : {});

export type RoleTokens = Record<'admin' | 'parent' | 'instructor', string>;

/** Session tokens of a new admin (with `admin`'s fields), a family's first guardian and an instructor. */
export async function roleTokens(ctx: TestContext, admin: { firstName?: string; lastName?: string } = {}): Promise<RoleTokens> {
  const db = ctx.database.db;
  const adminUser = await createUser(db, { roles: ['admin', 'parent'], ...admin });
  const family = await createFamily(db);
  const instructor = await createInstructor(db);
  const token = async (userId: string) => (await ctx.app.sessions.issue(userId)).token;
  return { admin: await token(adminUser.id), parent: await token(family.guardians[0]!.id), instructor: await token(instructor.id) };
}
