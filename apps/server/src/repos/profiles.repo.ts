import { and, asc, between, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { children, profileParents, profiles } from '../db/schema';

/**
 * Families: `profiles`, their guardians (`profile_parents`, position 0 is the owner), `children` and `invites`.
 * Only this repo queries them. A user's profiles come back in ONE order everywhere: own profile first (the
 * user's position in it), then by age.
 */

export type ChildRow = typeof children.$inferSelect;

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

export async function profileExists(db: DbOrTx, profileId: string): Promise<boolean> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).limit(1);
  return !!row;
}

/** The user's place among the profile's guardians (0: the owner), or undefined when not a guardian. */
export async function guardianPosition(db: DbOrTx, userId: string, profileId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ position: profileParents.position })
    .from(profileParents)
    .where(and(eq(profileParents.profileId, profileId), eq(profileParents.userId, userId)))
    .limit(1);
  return row?.position;
}

export async function isGuardianOfProfile(db: DbOrTx, userId: string, profileId: string): Promise<boolean> {
  return (await guardianPosition(db, userId, profileId)) !== undefined;
}

/** Guardians of the given profiles (user ids), ordered by position. */
export async function listGuardians(db: DbOrTx, profileIds: readonly string[]): Promise<{ profileId: string; userId: string; position: number }[]> {
  if (profileIds.length === 0) return [];
  return db
    .select({ profileId: profileParents.profileId, userId: profileParents.userId, position: profileParents.position })
    .from(profileParents)
    .where(inArray(profileParents.profileId, [...profileIds]))
    .orderBy(asc(profileParents.position));
}

// ---- children ---------------------------------------------------------------------------------------------------

export async function insertChild(
  db: DbOrTx,
  values: { profileId: string; firstName: string; lastName: string; birthdate: string },
): Promise<ChildRow> {
  const [row] = await db.insert(children).values(values).returning();
  return row!;
}

export async function findChild(db: DbOrTx, childId: string) {
  const [row] = await db
    .select({ id: children.id, firstName: children.firstName, lastName: children.lastName, profileId: children.profileId })
    .from(children)
    .where(eq(children.id, childId));
  return row;
}

/** The children of the given profiles, youngest-born last (by birth date, then first name). */
export async function listChildren(db: DbOrTx, profileIds: readonly string[]): Promise<ChildRow[]> {
  if (profileIds.length === 0) return [];
  return db
    .select()
    .from(children)
    .where(inArray(children.profileId, [...profileIds]))
    .orderBy(asc(children.birthdate), asc(children.firstName));
}

/** Whether the user is a guardian of the child's profile (one query: no hint whether the child exists). */
export async function isGuardianOfChild(db: DbOrTx, userId: string, childId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: children.id })
    .from(children)
    .innerJoin(profileParents, and(eq(profileParents.profileId, children.profileId), eq(profileParents.userId, userId)))
    .where(eq(children.id, childId))
    .limit(1);
  return !!row;
}

/** The ids of the children in every family the user is a guardian of. */
export async function childIdsOfGuardian(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: children.id })
    .from(children)
    .innerJoin(profileParents, and(eq(profileParents.profileId, children.profileId), eq(profileParents.userId, userId)));
  return rows.map((r) => r.id);
}

/** Children registered in [start, end], newest first (the user-registrations page). */
export function listChildrenRegisteredBetween(db: DbOrTx, start: Date, end: Date, limit: number) {
  return db
    .select({
      id: children.id,
      firstName: children.firstName,
      lastName: children.lastName,
      birthdate: children.birthdate,
      registrationDate: children.registrationDate,
      profileId: children.profileId,
    })
    .from(children)
    .where(between(children.registrationDate, start, end))
    .orderBy(desc(children.registrationDate), asc(children.id))
    .limit(limit);
}

export async function countChildrenRegisteredBetween(db: DbOrTx, start: Date, end: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(children).where(between(children.registrationDate, start, end));
  return Number(row?.n ?? 0);
}
