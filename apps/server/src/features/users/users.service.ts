import type { z } from 'zod';
import {
  REGISTRATIONS_LIST_MAX,
  registrationDateQuerySchema,
  type instructorListSchema,
  type UsersByRegistrationDate,
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

/**
 * GET /users/by-registration-date (admin): users ('Foreldre') and children ('Barn') registered between the two
 * instants, both included. Admins only (the route's role gate). Spec §5: both must be full ISO timestamps with milliseconds, else 'Invalid date format'.
 */
export async function usersByRegistrationDate(
  ctx: ServiceContext,
  query: { startDate?: string; endDate?: string },
): Promise<UsersByRegistrationDate> {
  const parsed = registrationDateQuerySchema.safeParse(query);
  if (!parsed.success) throw new AppError('VALIDATION', 'Invalid date format');
  const start = new Date(parsed.data.startDate);
  const end = new Date(parsed.data.endDate);
  const [parents, parentCount, kids, childCount] = await Promise.all([
    users.listUsersRegisteredBetween(ctx.db, start, end, REGISTRATIONS_LIST_MAX),
    users.countUsersRegisteredBetween(ctx.db, start, end),
    profiles.listChildrenRegisteredBetween(ctx.db, start, end, REGISTRATIONS_LIST_MAX),
    profiles.countChildrenRegisteredBetween(ctx.db, start, end),
  ]);
  return {
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    parents: parents.map((p) => ({
      _id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      roles: p.roles,
      registrationDate: p.registrationDate.toISOString(),
      profileId: p.profileId,
    })),
    children: kids.map((c) => ({
      _id: c.id,
      firstName: c.firstName,
      lastName: c.lastName,
      birthdate: String(c.birthdate),
      registrationDate: c.registrationDate.toISOString(),
      profileId: c.profileId,
    })),
    parentCount,
    childCount,
  };
}
