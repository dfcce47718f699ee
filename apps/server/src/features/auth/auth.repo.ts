import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authStates, profileParents, profiles, users } from '../../db/schema';

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

// ---- users -------------------------------------------------------------------------------------------------
/** What the auth plugin needs per request. */
export async function findSessionUser(db: DbOrTx, id: string): Promise<{ id: string; roles: string[] } | undefined> {
  const [row] = await db.select({ id: users.id, roles: users.roles }).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

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
