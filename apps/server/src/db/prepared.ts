import { sql } from 'drizzle-orm';
import type { Db } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement built once per database with drizzle's `prepare(name)`, for the queries every request or every payment
 * start asks: drizzle otherwise builds the SQL text again on each call, a large share of the server's CPU in the
 * booking burst (decision 017). The values come at `execute({ … })`, named by `param`. Only for the database
 * itself: a transaction runs the built query as usual.
 */
export function prepared<T>(db: Db, name: string, build: (name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) byName.set(name, (statement = build(name)));
  return statement;
}

/**
 * A named value of a prepared statement, where a query builder takes an id (drizzle binds a placeholder wherever a
 * value goes). Typed as the string it stands for, so the repos' subquery builders take it as they are.
 */
export const param = (name: string) => sql.placeholder(name) as unknown as string;
