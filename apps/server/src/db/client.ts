import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/app-error';
import * as schema from './schema';
import { keepPrivate, makePrivateDir, PRIVATE_FILE_MODE } from './private-files';

export type Schema = typeof schema;
/** One type for both drivers (node-postgres and PGlite): the same SQL runs on both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What repo functions take: the database or a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** LISTEN on a channel (decision 017): PostgreSQL over a connection of its own, PGlite in process. */
  listen: Listen;
  /** PGlite only (decision 044): a consistent gzipped tar of the data folder; `inspect` runs in the same turn first. */
  backup?<T = undefined>(file: string, inspect?: (query: RawQuery) => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
}

/** A query straight on the connection, bypassing the gate: only for use inside a turn that holds it. */
export type RawQuery = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

interface ListenHandlers {
  /** A NOTIFY on the channel (delivered after its transaction committed), with its payload ('' when none). */
  onNotify(payload: string): void;
  /** The LISTEN connection is lost (notifications may be missed until onReady). */
  onLost(): void;
  /** LISTEN is in place (again). */
  onReady(): void;
}
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<{ close(): Promise<void> }>;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const RELISTEN_MS = 1_000;

/** LISTEN on a connection of its own, not the pool's; a lost one is replaced every second until it works again. */
function listenOnPostgres(url: string): Listen {
  return async (channel, handlers) => {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name ${channel}`);
    const { Client } = (await import('pg')).default;
    let closed = false;
    let client: InstanceType<typeof Client> | undefined;
    let timer: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const c = new Client({ connectionString: url, keepAlive: true });
      let lost = false;
      const onLost = () => {
        if (lost) return;
        lost = true;
        if (client === c) client = undefined;
        c.end().catch(() => undefined);
        if (closed) return;
        handlers.onLost();
        timer = setTimeout(() => void connect().catch(() => undefined), RELISTEN_MS);
        timer.unref();
      };
      c.on('notification', (message) => {
        if (message.channel === channel) handlers.onNotify(message.payload ?? '');
      });
      c.on('error', onLost);
      c.on('end', onLost);
      try {
        await c.connect();
        await c.query(`listen ${channel}`);
      } catch (err) {
        onLost();
        throw err;
      }
      if (closed) return void c.end().catch(() => undefined);
      client = c;
      handlers.onReady();
    };
    await connect().catch(() => undefined);
    return {
      async close() {
        closed = true;
        clearTimeout(timer);
        await client?.end().catch(() => undefined);
      },
    };
  };
}

/** How long a request waits for a database connection before it is answered 503 BUSY (DATABASE_WAIT_MS). */
export const DEFAULT_DATABASE_WAIT_MS = 10_000;
/** PostgreSQL's lock and statement timeouts on every connection (both answered 503 BUSY); migrations lift them. */
export const DEFAULT_LOCK_TIMEOUT_MS = 3_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

const waitedTooLong = (waitMs: number) => new AppError('BUSY', `No database connection within ${waitMs} ms`);

/** PGlite is one connection, handed out in order; a caller that waited `waitMs` gets 503 BUSY. Why: docs/decisions/026-…md */
export function oneAtATime(waitMs: number) {
  const queue: Array<() => void> = [];
  let busy = false;
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else busy = false;
  };
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (busy) {
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(turn), 1);
          reject(waitedTooLong(waitMs));
        }, waitMs);
        queue.push(turn);
      });
    } else {
      busy = true;
    }
    try {
      return await work();
    } finally {
      release();
    }
  };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Migration lock id: any constant; several instances starting at once migrate one at a time. */
const MIGRATION_LOCK = 7_253_001;

/** `keepConnections` (the server, not tests): the pool opens every connection at start and keeps it, for the 20:00 surge. */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  keepConnections?: boolean;
  /** How long a query waits for a connection before it fails with 503 BUSY (default DEFAULT_DATABASE_WAIT_MS). */
  waitMs?: number;
  /** PostgreSQL's lock_timeout and statement_timeout on every connection (defaults above). */
  lockTimeoutMs?: number;
  statementTimeoutMs?: number;
  /** Called with each statement's SQL (tests count a service's queries). */
  onQuery?: (sql: string) => void;
  /** PGlite tests only (decision 051): start from this dump of a migrated data folder; migrations are not run again. */
  loadDataDir?: Blob;
}): Promise<Database> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  const waitMs = options.waitMs ?? DEFAULT_DATABASE_WAIT_MS;
  if (options.url) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const size = options.poolSize ?? 10;
    const pool = new Pool({
      connectionString: options.url,
      max: size,
      min: options.keepConnections ? size : 0,
      connectionTimeoutMillis: waitMs,
      lock_timeout: options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
      statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    });
    // An idle connection that dies (server restart, failover) must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const db = drizzle(pool, { schema, logger });
    const client = await pool.connect();
    try {
      await client.query('set lock_timeout = 0; set statement_timeout = 0');
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      await client.query('reset lock_timeout; reset statement_timeout').catch(() => undefined);
      client.release();
    }
    if (options.keepConnections) for (const opened of await Promise.all(Array.from({ length: size }, () => pool.connect()))) opened.release();
    return { db: db as unknown as Db, kind: 'postgres', listen: listenOnPostgres(options.url), close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = options.dataDir;
  const onDisk = !!dataDir && !dataDir.startsWith('memory://');
  if (onDisk) makePrivateDir(dataDir);
  // pg_trgm ships with PGlite as a contrib extension: load it, so the migration's CREATE EXTENSION finds it.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite(dataDir, { extensions: { pg_trgm }, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  const gate = oneAtATime(waitMs);
  const gated = {
    query: ((...args: Parameters<typeof client.query>) => gate(() => client.query(...args))) as typeof client.query,
    transaction: ((fn: Parameters<typeof client.transaction>[0]) => gate(() => client.transaction(fn))) as typeof client.transaction,
  };
  const db = drizzle({ client: gated as unknown as typeof client, schema, logger });
  if (!options.loadDataDir) await migrate(db, { migrationsFolder });
  if (onDisk) keepPrivate(dataDir);
  // PGlite is one process: NOTIFY arrives in the same process, so "every instance" is this one (decision 017).
  const listen: Listen = async (channel, handlers) => {
    const unsubscribe = await client.listen(channel, (payload) => handlers.onNotify(payload ?? ''));
    handlers.onReady();
    return { close: () => unsubscribe() };
  };
  const backup = <T>(file: string, inspect?: (query: RawQuery) => Promise<T>) =>
    gate(async () => {
      const seen = inspect ? await inspect((text) => client.query<Record<string, unknown>>(text)) : undefined;
      const dump = await client.dumpDataDir('gzip');
      const partial = `${file}.partial`;
      makePrivateDir(path.dirname(file));
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()), { mode: PRIVATE_FILE_MODE });
      await rename(partial, file);
      return seen;
    });
  return { db: db as unknown as Db, kind: 'pglite', listen, backup, close: () => client.close() };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
