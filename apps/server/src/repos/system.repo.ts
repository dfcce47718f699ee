import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { authStates, rateLimits, settings } from '../db/schema';

/** System tables: login attempts (`auth_states`), rate-limit counters, shared settings; and transaction helpers. */

// ---- login attempts (state, nonce, PKCE) -------------------------------------------------------------------
export async function insertAuthState(db: DbOrTx, row: typeof authStates.$inferInsert): Promise<void> {
  await db.insert(authStates).values(row);
}

/** Single use: the row is deleted as it is read, so a replayed state finds nothing even under concurrency. */
export async function consumeAuthState(db: DbOrTx, state: string): Promise<typeof authStates.$inferSelect | undefined> {
  const [row] = await db.delete(authStates).where(eq(authStates.state, state)).returning();
  return row;
}

export async function deleteExpiredAuthStates(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const rows = await db.delete(authStates).where(lt(authStates.expiresAt, now)).returning({ state: authStates.state });
  return rows.length;
}

// ---- rate limits ---------------------------------------------------------------------------------------------
/**
 * One hit on a fixed-window counter, atomically: a new key or an expired window starts at 1, otherwise the count
 * goes up. The database clock decides the window, so every instance agrees.
 */
export async function hitCounter(db: DbOrTx, key: string, windowMs: number): Promise<{ count: number; resetAt: Date }> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row!;
}

export async function deleteExpiredCounters(db: DbOrTx, before: Date = new Date()): Promise<number> {
  const rows = await db.delete(rateLimits).where(lt(rateLimits.resetAt, before)).returning({ key: rateLimits.key });
  return rows.length;
}

// ---- settings ------------------------------------------------------------------------------------------------
export async function readSetting<T>(db: DbOrTx, key: string): Promise<T | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row ? (row.value as T) : undefined;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

// ---- transaction helpers -------------------------------------------------------------------------------------
/** A transaction-scoped advisory lock: instances doing the same one-off work (webhook registration) take turns. */
export async function advisoryXactLock(db: DbOrTx, key: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${key}::bigint)`);
}

/** Fail fast instead of queueing behind a stuck lock (performance doc C2): SQLSTATE 55P03 becomes BUSY. */
export async function setLockTimeout(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`set local lock_timeout = '3s'`);
}

/** Milliseconds from the database clock, so every instance agrees on holds and schedules. */
export const dbNowPlus = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;
