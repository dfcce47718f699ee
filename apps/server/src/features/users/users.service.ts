import type { z } from 'zod';
import type { instructorListSchema } from '@app/shared';
import type { ServiceContext } from '../../context';
import * as users from '../../repos/users.repo';

/** Spec §7 GET /users/instructors: public; id and display name only, sorted by name. */
export async function listInstructors(ctx: ServiceContext): Promise<z.infer<typeof instructorListSchema>> {
  const rows = await users.listInstructors(ctx.db);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() }));
}
