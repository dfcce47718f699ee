import type { z } from 'zod';
import type { instructorListSchema } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import * as repo from './users.repo';

/** Spec §7 GET /users/instructors: public; id and display name only, sorted by name. */
export async function listInstructors(db: DbOrTx): Promise<z.infer<typeof instructorListSchema>> {
  const rows = await repo.listInstructors(db);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() }));
}
