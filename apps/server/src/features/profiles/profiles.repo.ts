import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { children, courses, participants, places, profileParents, users } from '../../db/schema';

export async function profileIdsOfUser(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ profileId: profileParents.profileId })
    .from(profileParents)
    .where(eq(profileParents.userId, userId))
    .orderBy(asc(profileParents.position), asc(profileParents.profileId));
  return rows.map((r) => r.profileId);
}

export async function isGuardianOf(db: DbOrTx, userId: string, profileId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: profileParents.userId })
    .from(profileParents)
    .where(and(eq(profileParents.userId, userId), eq(profileParents.profileId, profileId)))
    .limit(1);
  return rows.length > 0;
}

export async function existingProfileIds(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectDistinct({ id: profileParents.profileId }).from(profileParents).where(inArray(profileParents.profileId, [...ids]));
  return rows.map((r) => r.id);
}

/** Guardians (ordered by position), children and each child's courses of the given profiles: three queries. */
export async function loadProfiles(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return { parents: [], kids: [], courseRows: [] };
  const list = [...ids];
  const parents = await db
    .select({
      profileId: profileParents.profileId,
      position: profileParents.position,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      email: users.email,
    })
    .from(profileParents)
    .innerJoin(users, eq(users.id, profileParents.userId))
    .where(inArray(profileParents.profileId, list))
    .orderBy(asc(profileParents.position));
  const kids = await db
    .select()
    .from(children)
    .where(inArray(children.profileId, list))
    .orderBy(asc(children.birthdate), asc(children.firstName));
  const courseRows =
    kids.length === 0
      ? []
      : await db
          .select({
            childId: participants.childId,
            id: courses.id,
            name: courses.name,
            dates: courses.dates,
            timeFrom: courses.timeFrom,
            timeTo: courses.timeTo,
            experienceLevel: courses.experienceLevel,
            firstDate: courses.firstDate,
            placeId: places.id,
            placeName: places.name,
            placeTown: places.place,
          })
          .from(participants)
          .innerJoin(courses, eq(courses.id, participants.courseId))
          .innerJoin(places, eq(places.id, courses.placeId))
          .where(inArray(participants.childId, kids.map((k) => k.id)))
          .orderBy(asc(courses.firstDate));
  return { parents, kids, courseRows };
}

/**
 * Children whose folded name contains `term` (already folded; null: everyone), sorted by name, at most `limit`, with
 * the count of all hits (trigram index children_search_trgm_idx).
 */
export async function searchChildren(db: DbOrTx, term: string | null, limit: number) {
  const rows = await db
    .select({
      id: children.id,
      firstName: children.firstName,
      lastName: children.lastName,
      birthdate: children.birthdate,
      registrationDate: children.registrationDate,
      profileId: children.profileId,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(children)
    .where(term === null ? undefined : like(children.searchText, containsPattern(term)))
    .orderBy(asc(sql`lower(${children.lastName})`), asc(sql`lower(${children.firstName})`), asc(children.id))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, rows };
}
