import { asc, desc, isNotNull, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { users } from '../../db/schema';

export function listInstructors(db: DbOrTx): Promise<{ id: string; firstName: string; lastName: string }[]> {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`'instructor' = any(${users.roles})`)
    .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id));
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

/**
 * Users whose folded name, e-mail or phone contains `term` (already folded; null: everyone), sorted by name, at most
 * `limit`, with the count of all hits. The trigram index (users_search_trgm_idx) serves the LIKE.
 */
export async function searchUsers(db: DbOrTx, term: string | null, limit: number): Promise<{ total: number; rows: AdminUserRow[] }> {
  const rows = await db
    .select({ ...adminUserColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(term === null ? undefined : like(users.searchText, containsPattern(term)))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, rows };
}
