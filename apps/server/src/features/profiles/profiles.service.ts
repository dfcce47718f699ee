import { placeSlug, type Profile } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import type { Viewer } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import * as repo from './profiles.repo';

type SignedIn = NonNullable<Viewer>;

const dateOnly = (value: string | Date) => (typeof value === 'string' ? value : value.toISOString().slice(0, 10));

async function populate(db: DbOrTx, ids: readonly string[]): Promise<Profile[]> {
  const { parents, kids, courseRows } = await repo.loadProfiles(db, ids);
  return ids.map((id) => ({
    _id: id,
    parents: parents
      .filter((p) => p.profileId === id)
      .map((p) => ({ _id: p.id, firstName: p.firstName, lastName: p.lastName, phone: p.phone, email: p.email })),
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
export async function listProfiles(db: DbOrTx, viewer: SignedIn, guardianId: string = viewer.id): Promise<Profile[]> {
  if (guardianId !== viewer.id && !viewer.isAdmin) throw new AppError('FORBIDDEN', 'Not your profiles');
  return populate(db, await repo.profileIdsOfUser(db, guardianId));
}

/** One profile: its guardians see it; an admin sees any; others get 403 (the spec's forbidden view). */
export async function getProfile(db: DbOrTx, viewer: SignedIn, profileId: string): Promise<Profile> {
  if (!viewer.isAdmin && !(await repo.isGuardianOf(db, viewer.id, profileId))) {
    if ((await repo.existingProfileIds(db, [profileId])).length === 0) throw new AppError('NOT_FOUND', 'No such profile');
    throw new AppError('FORBIDDEN', 'Not your profile');
  }
  const [profile] = await populate(db, [profileId]);
  if (!profile || profile.parents.length === 0) throw new AppError('NOT_FOUND', 'No such profile');
  return profile;
}

export async function assertGuardian(db: DbOrTx, viewer: SignedIn, profileId: string): Promise<void> {
  if (viewer.isAdmin) {
    if ((await repo.existingProfileIds(db, [profileId])).length === 0) throw new AppError('NOT_FOUND', 'No such profile');
    return;
  }
  if (!(await repo.isGuardianOf(db, viewer.id, profileId))) throw new AppError('FORBIDDEN', 'Not your profile');
}
