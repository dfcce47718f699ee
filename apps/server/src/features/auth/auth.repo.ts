import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authStates, profileParents, profiles, sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

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

// ---- sessions (issue 9 finding 8) ----------------------------------------------------------------------------
export type SessionRow = typeof sessions.$inferSelect;

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

/**
 * What every signed-in request asks, in one indexed round trip: this session of this user, with the user's roles
 * now, and whether it is still live (not ended, not expired, the roles still the ones it began with). Undefined
 * when there is no such row (a deleted user's sessions go with it; a forged id).
 */
export async function findSession(
  db: DbOrTx,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<{ roles: string[]; lastSeenAt: Date; live: boolean } | undefined> {
  const [row] = await db
    .select({
      roles: users.roles,
      lastSeenAt: sessions.lastSeenAt,
      live: sql<boolean>`(${sessions.endedAt} is null and ${sessions.expiresAt} > ${now.toISOString()}::timestamptz and ${sessions.roles} = ${users.roles})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  return row;
}

export async function touchSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** The user's live sessions, most recently used first. */
export function listLiveSessions(db: DbOrTx, userId: string, now: Date): Promise<SessionRow[]> {
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

// ---- users -------------------------------------------------------------------------------------------------
/** The user and their profile ids (owned first, then by age) in one round trip, for GET /users/me. */
export async function findUserWithProfileIds(
  db: DbOrTx,
  id: string,
): Promise<(UserRow & { profileIds: string[] }) | undefined> {
  const profileIds = sql<string[]>`array(
    select ${profileParents.profileId} from ${profileParents}
    join ${profiles} on ${profiles.id} = ${profileParents.profileId}
    where ${profileParents.userId} = ${id}
    order by ${profileParents.position}, ${profiles.createdAt}, ${profiles.id})`;
  const [row] = await db.select({ user: users, profileIds }).from(users).where(eq(users.id, id)).limit(1);
  return row && { ...row.user, profileIds: row.profileIds };
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserBySub(db: DbOrTx, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.vippsSub, sub)).limit(1);
  return row;
}

/**
 * At most `limit` users with this phone (MSISDN) and no Vipps identity yet: callers link only when exactly one
 * matches, and never a user already linked to another `sub`.
 */
export function findUnlinkedUsersByPhone(db: DbOrTx, phone: string, limit = 2): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.vippsSub)))
    .orderBy(asc(users.registrationDate))
    .limit(limit);
}

export function findUnlinkedUsersByEmail(db: DbOrTx, email: string, limit = 2): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.vippsSub)))
    .orderBy(asc(users.registrationDate))
    .limit(limit);
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: DbOrTx, id: string, patch: Partial<NewUser>): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id));
}

// ---- profiles ----------------------------------------------------------------------------------------------
/** A new family with the user as its first guardian (position 0, the owner). */
export async function createOwnProfile(db: DbOrTx, userId: string): Promise<string> {
  const [profile] = await db.insert(profiles).values({}).returning({ id: profiles.id });
  await db.insert(profileParents).values({ profileId: profile!.id, userId, position: 0 });
  return profile!.id;
}

/** The user's profiles: owned ones first, then by age. */
export async function listProfileIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: profileParents.profileId })
    .from(profileParents)
    .innerJoin(profiles, eq(profiles.id, profileParents.profileId))
    .where(eq(profileParents.userId, userId))
    .orderBy(asc(profileParents.position), asc(profiles.createdAt), asc(profiles.id));
  return rows.map((r) => r.id);
}
