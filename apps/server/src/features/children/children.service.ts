import { capitalizeName, MAX_CHILDREN_PER_PROFILE, type AddChildInput, type Child } from '@app/shared';
import type { Db } from '../../db/client';
import type { Viewer } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { assertGuardian } from '../profiles/profiles.service';
import * as repo from './children.repo';

/** A guardian adds a child to one of their profiles (an admin to any). Names are capitalised per word. */
export async function addChild(db: Db, viewer: NonNullable<Viewer>, input: AddChildInput): Promise<Child> {
  await assertGuardian(db, viewer, input.profileId);
  const row = await db.transaction(async (tx) => {
    // The profile row is locked, so two adds at once cannot both pass the count (issue 9 finding 5).
    const existing = await repo.lockProfileAndCountChildren(tx, input.profileId);
    if (existing >= MAX_CHILDREN_PER_PROFILE) {
      throw new AppError('TOO_MANY_CHILDREN', `A profile can hold at most ${MAX_CHILDREN_PER_PROFILE} children`);
    }
    return repo.insertChild(tx, {
      profileId: input.profileId,
      firstName: capitalizeName(input.child.firstName),
      lastName: capitalizeName(input.child.lastName),
      birthdate: input.child.birthdate,
    });
  });
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    birthdate: String(row.birthdate),
    registrationDate: row.registrationDate.toISOString(),
    courses: [],
  };
}
