import { capitalizeName, type AddChildInput, type Child } from '@app/shared';
import { requireAccess } from '../../access/access';
import type { ServiceContext } from '../../context';
import * as profiles from '../../repos/profiles.repo';

/** A guardian adds a child to one of their profiles (an admin to any). Names are capitalised per word. */
export async function addChild(ctx: ServiceContext, input: AddChildInput): Promise<Child> {
  await requireAccess(ctx, 'profile.write', input.profileId);
  const row = await profiles.insertChild(ctx.db, {
    profileId: input.profileId,
    firstName: capitalizeName(input.child.firstName),
    lastName: capitalizeName(input.child.lastName),
    birthdate: input.child.birthdate,
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
