import type { z } from 'zod';
import {
  searchTerm,
  USER_SEARCH_MAX_RESULTS,
  type AdminUser,
  type instructorListSchema,
  type UserSearchHit,
  type UserSearchResult,
  type userSearchQuerySchema,
} from '@app/shared';
import type { ServiceContext } from '../../context';
import { AppError } from '../../plugins/errors';
import * as profiles from '../../repos/profiles.repo';
import * as users from '../../repos/users.repo';

/** Spec §7 GET /users/instructors: public; id and display name only, sorted by name. */
export async function listInstructors(ctx: ServiceContext): Promise<z.infer<typeof instructorListSchema>> {
  const rows = await users.listInstructors(ctx.db);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() }));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toAdminUser(row: users.AdminUserRow): AdminUser {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    roles: row.roles,
    lastLogin: iso(row.lastLogin),
    registrationDate: row.registrationDate.toISOString(),
    profile: row.profileId,
  };
}

/** Spec §7 GET /users/last-logged-in (admin): newest login first. */
export async function lastLoggedIn(ctx: ServiceContext, limit: number): Promise<AdminUser[]> {
  return (await users.lastLoggedIn(ctx.db, limit)).map(toAdminUser);
}

/**
 * Spec §7 GET /search/users (admin): guardians and/or children whose name, e-mail or phone contains the text, case
 * and accents ignored; '*' lists everyone. No hits is NOT_FOUND (the spec's 404 'Fant ingen brukere').
 */
export async function searchUsers(ctx: ServiceContext, query: z.infer<typeof userSearchQuerySchema>): Promise<UserSearchResult> {
  const text = query.name.trim();
  const term = text === '*' ? null : searchTerm(text);
  const limit = USER_SEARCH_MAX_RESULTS;
  const parents = query.categories.includes('parents') ? await users.searchUsers(ctx.db, term, limit) : { total: 0, rows: [] };
  const kids = query.categories.includes('children') ? await profiles.searchChildren(ctx.db, term, limit) : { total: 0, rows: [] };
  const total = parents.total + kids.total;
  if (total === 0) throw new AppError('NOT_FOUND', 'No users found');
  const hits: UserSearchHit[] = [
    ...parents.rows.map((row) => ({ type: 'parent' as const, ...toAdminUser(row) })),
    ...kids.rows.map((row) => ({
      type: 'child' as const,
      _id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      birthdate: row.birthdate,
      registrationDate: row.registrationDate.toISOString(),
      profile: row.profileId,
    })),
  ];
  return { total, users: hits.slice(0, limit) };
}
