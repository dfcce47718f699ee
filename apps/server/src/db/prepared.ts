import { sql } from 'drizzle-orm';
import type { Db } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/** Prepared once per database for the hottest queries (decision 017); values named by `param`; not in transactions. */
export function prepared<T>(db: Db, name: string, build: (name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) byName.set(name, (statement = build(name)));
  return statement;
}

/** A named value of a prepared statement, typed as the string it stands for so the query builders take it. */
export const param = (name: string) => sql.placeholder(name) as unknown as string;
