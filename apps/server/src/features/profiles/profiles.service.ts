import { placeSlug, type Profile } from '@app/shared';
import { requireAccess } from '../../access/access';
import { signedIn, type ServiceContext } from '../../context';
import { AppError } from '../../plugins/errors';
import * as courses from '../../repos/courses.repo';
import * as profiles from '../../repos/profiles.repo';
import * as users from '../../repos/users.repo';

const dateOnly = (value: string | Date) => (typeof value === 'string' ? value : value.toISOString().slice(0, 10));

/** Guardians (by position), children and each child's courses of the given profiles, in the order of `ids`. */
async function populate(ctx: ServiceContext, ids: readonly string[]): Promise<Profile[]> {
  const [guardians, kids] = await Promise.all([profiles.listGuardians(ctx.db, ids), profiles.listChildren(ctx.db, ids)]);
  const [contacts, courseRows] = await Promise.all([
    users.findUserContacts(ctx.db, guardians.map((g) => g.userId)),
    courses.listCoursesOfChildren(ctx.db, kids.map((k) => k.id)),
  ]);
  return ids.map((id) => ({
    _id: id,
    parents: guardians
      .filter((g) => g.profileId === id && contacts.has(g.userId))
      .map((g) => {
        const p = contacts.get(g.userId)!;
        return { _id: p.id, firstName: p.firstName, lastName: p.lastName, phone: p.phone, email: p.email };
      }),
    children: kids
      .filter((k) => k.profileId === id)
      .map((k) => ({
        _id: k.id,
        firstName: k.firstName,
        lastName: k.lastName,
        birthdate: dateOnly(k.birthdate),
        registrationDate: k.registrationDate.toISOString(),
        courses: courseRows
          .filter((c) => c.childId === k.id)
          .map((c) => ({
            _id: c.id,
            name: c.name,
            place: { _id: c.placeId, name: c.placeName, slug: placeSlug(c.placeName), place: c.placeTown },
            dates: c.dates.map((d) => d.toISOString()),
            timeFrom: c.timeFrom,
            timeTo: c.timeTo,
            experienceLevel: c.experienceLevel,
          })),
      })),
  }));
}

/** The profiles a guardian belongs to, own first. Only oneself, unless the viewer is an admin. */
export async function listProfiles(ctx: ServiceContext, guardianId: string = signedIn(ctx).id): Promise<Profile[]> {
  await requireAccess(ctx, 'user.act-as', guardianId);
  return populate(ctx, await profiles.listProfileIdsOf(ctx.db, guardianId));
}

/** One profile: its guardians see it; an admin sees any; others get 403 (the spec's forbidden view). */
export async function getProfile(ctx: ServiceContext, profileId: string): Promise<Profile> {
  await requireAccess(ctx, 'profile.read', profileId);
  const [profile] = await populate(ctx, [profileId]);
  if (!profile || profile.parents.length === 0) throw new AppError('NOT_FOUND', 'No such profile');
  return profile;
}
