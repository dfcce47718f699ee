import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export function listInstructors(db: DbOrTx): Promise<{ id: string; firstName: string; lastName: string }[]> {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`'instructor' = any(${users.roles})`)
    .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id));
}

export async function findUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUsers(db: DbOrTx, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, [...ids]));
}

export async function updateUser(
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
