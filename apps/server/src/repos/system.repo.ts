import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { param, prepared } from '../db/prepared';
import { authStates, orders, outbox, profileParents, profiles, rateLimits, sessions, settings, users } from '../db/schema';

/** System tables: login attempts (`auth_states`), sessions, rate-limit counters, shared settings; transaction helpers. */

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

// ---- sessions ------------------------------------------------------------------------------------------------

/**
 * A new session for the user with their current roles; undefined when the user does not exist. (Should the roles
 * change between the two statements, the session simply starts out ended: the check compares them.)
 */
export async function insertSession(
  db: DbOrTx,
  values: { userId: string; userAgent: string | null; expiresAt: Date },
): Promise<string | undefined> {
  const [user] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, values.userId)).limit(1);
  if (!user) return undefined;
  const [row] = await db
    .insert(sessions)
    .values({ userId: values.userId, roles: user.roles, userAgent: values.userAgent, expiresAt: values.expiresAt })
    .returning({ id: sessions.id });
  return row!.id;
}

/** A session with its user, as the request check needs it (plugins/auth.ts; kept by session-cache.ts). */
export type SessionCheck = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/**
 * What every signed-in request asks, in one indexed round trip: this session of this user, the user's row and roles
 * now (a role change since `sessionRoles` ends it), and their profile ids. Undefined: no such row (a deleted user, a
 * forged id). Liveness is `isLiveSession`, asked at each use, because a kept answer outlives the moment it was read.
 */
export async function findSession(db: Db, sessionId: string, userId: string) {
  // Asked on every signed-in request the session cache cannot answer: built once (db/prepared.ts).
  const statement = prepared(db, 'find_session', (name) =>
    db
      .select({
        roles: users.roles,
        sessionRoles: sessions.roles,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        endedAt: sessions.endedAt,
        user: users,
        // The order of profiles.repo listProfileIdsOf: the guardian's place, then the profile's age.
        profileIds: sql<string[]>`array(select ${profileParents.profileId} from ${profileParents} inner join ${profiles} on ${profiles.id} = ${profileParents.profileId} where ${profileParents.userId} = ${users.id} order by ${profileParents.position}, ${profiles.createdAt}, ${profiles.id})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, param('sessionId')), eq(sessions.userId, param('userId'))))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ sessionId, userId });
  return row;
}

/** Not ended, not expired, and the roles still the ones the session began with. */
export function isLiveSession(session: SessionCheck, now: Date): boolean {
  return (
    session.endedAt === null &&
    session.expiresAt.getTime() > now.getTime() &&
    session.roles.length === session.sessionRoles.length &&
    session.roles.every((role, i) => role === session.sessionRoles[i])
  );
}

export async function touchSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** The user's live sessions, most recently used first. */
export function listLiveSessions(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({ session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.expiresAt, now), sql`${sessions.roles} = ${users.roles}`))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .then((rows) => rows.map((r) => r.session));
}

/** Ends the user's sessions (one, or all when `sessionId` is undefined); returns how many were live. */
export async function endSessions(db: DbOrTx, userId: string, now: Date, sessionId?: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), sessionId ? eq(sessions.id, sessionId) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Housekeeping: sessions past their expiry or ended more than a day ago are dead rows. */
export async function deleteDeadSessions(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  const rows = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} < ${dayAgo.toISOString()}::timestamptz or ${sessions.endedAt} < ${dayAgo.toISOString()}::timestamptz`)
    .returning({ id: sessions.id });
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
    .values({ key, count: 1, resetAt: dbNowPlus(windowMs) })
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

/**
 * hitCounter for each counter in turn, in ONE statement, stopping after the first one past its `max` (a request refused
 * per user does not count per IP). Returns what was hit, in order. Committed without waiting for the disk
 * (synchronous_commit off, this transaction only): a hot key (one IP behind a NAT on enrolment night) is one row every
 * hit updates in turn; a crash may forget the last moment's hits, which a rate limit can afford.
 */
export async function hitCounters(
  db: DbOrTx,
  hits: readonly { key: string; windowMs: number; max: number }[],
): Promise<{ count: number; resetAt: Date }[]> {
  if (hits.length === 0) return [];
  const name = (i: number) => sql.raw(`hit${i}`);
  const steps = hits.map(({ key, windowMs }, i) => {
    // The first step also sets the commit mode (a CTE only runs when referenced); the others run only while the
    // previous counter is within its max.
    const when = i === 0 ? sql`(select set_config('synchronous_commit', 'off', true)) is not null` : sql`(select count from ${name(i - 1)}) <= ${hits[i - 1]!.max}`;
    return sql`${name(i)} as (
      insert into ${rateLimits} (key, count, reset_at)
      select ${key}, 1, now() + ${windowMs} * interval '1 millisecond' where ${when}
      on conflict (key) do update set
        count = case when ${rateLimits}.reset_at <= now() then 1 else ${rateLimits}.count + 1 end,
        reset_at = case when ${rateLimits}.reset_at <= now() then excluded.reset_at else ${rateLimits}.reset_at end
      returning count, reset_at)`;
  });
  const rows = sql.join(
    hits.map((_, i) => sql`select ${i}::int as step, count, reset_at from ${name(i)}`),
    sql` union all `,
  );
  const result = await db.execute(sql`with ${sql.join(steps, sql`, `)} ${rows}`);
  const found = (result as unknown as { rows: { step: number; count: number; reset_at: Date | string }[] }).rows;
  return found
    .sort((a, b) => Number(a.step) - Number(b.step))
    .map((r) => ({ count: Number(r.count), resetAt: r.reset_at instanceof Date ? r.reset_at : new Date(r.reset_at) }));
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

/** Writes the setting only if it does not exist yet; true when this call wrote it (a one-time claim). */
export async function claimSetting(db: DbOrTx, key: string, value: unknown): Promise<boolean> {
  const rows = await db.insert(settings).values({ key, value }).onConflictDoNothing().returning({ key: settings.key });
  return rows.length > 0;
}

// ---- transaction helpers -------------------------------------------------------------------------------------
/** A transaction-scoped advisory lock: instances doing the same one-off work (webhook registration) take turns. */
export async function advisoryXactLock(db: DbOrTx, key: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${key}::bigint)`);
}

/** Milliseconds from the database clock, so every instance agrees on holds and schedules. */
export const dbNowPlus = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

// ---- operator view (GET /api/health for admins) ------------------------------------------------------------------
/** The e-mail outbox's backlog: messages waiting to be sent, given up on, and the oldest waiting one. */
export async function outboxBacklog(db: DbOrTx): Promise<{ pending: number; failed: number; oldestPendingAt: Date | null }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${outbox.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')::int`,
      oldest: sql<string | null>`min(${outbox.createdAt}) filter (where ${outbox.status} = 'pending')`,
    })
    .from(outbox)
    .where(sql`${outbox.status} in ('pending', 'failed')`);
  return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0), oldestPendingAt: row?.oldest ? new Date(row.oldest) : null };
}

/** Orders whose Vipps work is more than a minute past due: the reconciler is behind (or stopped, or Vipps is down). */
export async function overdueOrderCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(sql`${orders.syncAfter} is not null and ${orders.syncAfter} < now() - interval '1 minute'`);
  return Number(row?.n ?? 0);
}
