import { and, asc, between, count, desc, eq, inArray, isNotNull, isNull, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { containsPattern } from '../db/like';
import { sessions, users } from '../db/schema';

/** The `users` table: guardians, instructors and admins (the people who log in). Only this repo queries it. */

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** What the auth plugin needs per request. */
export async function findSessionUser(db: DbOrTx, id: string): Promise<{ id: string; roles: string[] } | undefined> {
  const [row] = await db.select({ id: users.id, roles: users.roles }).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserBySub(db: DbOrTx, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.vippsSub, sub)).limit(1);
  return row;
}

/** At most `limit` users with this e-mail and no Vipps identity yet (callers link only when exactly one matches). */
export function findUnlinkedUsersByEmail(db: DbOrTx, email: string, limit = 2): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.vippsSub)))
    .orderBy(asc(users.registrationDate))
    .limit(limit);
}

/** Whether some user has `email` as a Vipps-verified address (invite e-mails to others carry no child names). */
export async function isVerifiedEmailOfUser(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.emailVerified, true)))
    .limit(1);
  return row !== undefined;
}

export type UserContact = { id: string; firstName: string; lastName: string; phone: string | null; email: string | null };

/** Names and contact fields of several users in one query (guardians of profiles, instructors of courses). */
export async function findUserContacts(db: DbOrTx, ids: readonly string[]): Promise<Map<string, UserContact>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, phone: users.phone, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** The updated row; undefined when there is no such user. */
export async function updateUser(db: DbOrTx, id: string, patch: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row;
}

export function listInstructors(db: DbOrTx): Promise<{ id: string; firstName: string; lastName: string }[]> {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`'instructor' = any(${users.roles})`)
    .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id));
}

/** Of these ids, the users who have the instructor role. */
export async function filterInstructorIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), sql`'instructor' = any(${users.roles})`));
  return new Set(rows.map((r) => r.id));
}

const adminUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  roles: users.roles,
  lastLogin: users.lastLogin,
  registrationDate: users.registrationDate,
  /** The profile to open: the one the user owns (position 0) first. */
  profileId: sql<string | null>`(select pp.profile_id from profile_parents pp where pp.user_id = ${users.id} order by pp.position, pp.profile_id limit 1)`,
};
export type AdminUserRow = { id: string; firstName: string; lastName: string; email: string | null; phone: string | null; roles: string[]; lastLogin: Date | null; registrationDate: Date; profileId: string | null };

/** The users who logged in last, newest first (index users_last_login_idx). */
export function lastLoggedIn(db: DbOrTx, limit: number): Promise<AdminUserRow[]> {
  return db
    .select(adminUserColumns)
    .from(users)
    .where(isNotNull(users.lastLogin))
    .orderBy(desc(users.lastLogin), asc(users.id))
    .limit(limit);
}

/** Users whose folded name, e-mail or phone contains `term` (null: everyone), by name, at most `limit`, with the count of all. */
export async function searchUsers(db: DbOrTx, term: string | null, limit: number): Promise<{ total: number; rows: AdminUserRow[] }> {
  const rows = await db
    .select({ ...adminUserColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(term === null ? undefined : like(users.searchText, containsPattern(term)))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, rows };
}

/** Users registered in [start, end], newest first, with their own (first) profile. */
export function listUsersRegisteredBetween(db: DbOrTx, start: Date, end: Date, limit: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roles: users.roles,
      registrationDate: users.registrationDate,
      profileId: adminUserColumns.profileId,
    })
    .from(users)
    .where(between(users.registrationDate, start, end))
    .orderBy(desc(users.registrationDate), asc(users.id))
    .limit(limit);
}

export async function countUsersRegisteredBetween(db: DbOrTx, start: Date, end: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(between(users.registrationDate, start, end));
  return Number(row?.n ?? 0);
}

// ---- the family profile: edit and delete users ---------------------------------------------------------------

export async function findUsers(db: DbOrTx, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, [...ids]));
}

/**
 * Sets the user's roles, which ends every session begun with other roles (decision 011), except `keepSessionId`: an
 * admin changing their own roles keeps their session with the new roles (decision 014).
 */
export async function setUserRoles(tx: DbOrTx, id: string, roles: string[], keepSessionId: string | null): Promise<UserRow | undefined> {
  const [row] = await tx.update(users).set({ roles }).where(eq(users.id, id)).returning();
  if (row && keepSessionId) {
    await tx.update(sessions).set({ roles }).where(and(eq(sessions.id, keepSessionId), eq(sessions.userId, id), isNull(sessions.endedAt)));
  }
  return row;
}

/** Locks the user row (deletion runs once even when asked twice at the same time). */
export async function lockUser(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function deleteUser(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
}
