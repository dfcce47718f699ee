import { asc, between, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { profileParents, users } from '../db/schema';

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

/** At most `limit` users with this phone (MSISDN): callers link only when exactly one matches. */
export function findUsersByPhone(db: DbOrTx, phone: string, limit = 2): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.phone, phone)).orderBy(asc(users.registrationDate)).limit(limit);
}

export function findUsersByEmail(db: DbOrTx, email: string, limit = 2): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .orderBy(asc(users.registrationDate))
    .limit(limit);
}

export interface UserContact {
  id: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
}

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

export async function updateUser(db: DbOrTx, id: string, patch: Partial<NewUser>): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id));
}

export function listInstructors(db: DbOrTx): Promise<{ id: string; firstName: string; lastName: string }[]> {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`'instructor' = any(${users.roles})`)
    .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id));
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
      profileId: sql<string | null>`(select ${profileParents.profileId} from ${profileParents}
        where ${profileParents.userId} = ${users.id}
        order by ${profileParents.position}, ${profileParents.profileId} limit 1)`,
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

// ---- the family profile (issue 12): edit and delete users ----------------------------------------------------

export async function findUsers(db: DbOrTx, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, [...ids]));
}

export async function updateUserReturning(
  db: DbOrTx,
  id: string,
  values: { firstName?: string; lastName?: string; birthdate?: string; roles?: string[] },
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
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
