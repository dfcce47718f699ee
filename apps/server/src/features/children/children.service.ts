import { capitalizeName, MAX_CHILDREN_PER_PROFILE, type AddChildInput, type Child } from '@app/shared';
import { requireAccess } from '../../access/access';
import type { ServiceContext } from '../../context';
import { AppError } from '../../lib/app-error';
import * as profiles from '../../repos/profiles.repo';

/** A guardian adds a child to one of their profiles (an admin to any). Names are capitalised per word. */
export async function addChild(ctx: ServiceContext, input: AddChildInput): Promise<Child> {
  await requireAccess(ctx, 'profile.write', input.profileId);
  const row = await ctx.db.transaction(async (tx) => {
    // The profile row is locked, so two adds at once cannot both pass the count (issue 9 finding 5).
    const existing = await profiles.lockProfileAndCountChildren(tx, input.profileId);
    if (existing >= MAX_CHILDREN_PER_PROFILE) {
      throw new AppError('TOO_MANY_CHILDREN', `A profile can hold at most ${MAX_CHILDREN_PER_PROFILE} children`);
    }
    return profiles.insertChild(tx, {
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
