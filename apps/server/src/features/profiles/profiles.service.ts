import { placeSlug, type Profile, type ProfileOrder, type ProfileOverview } from '@app/shared';
import { requireFamilyAccess } from '../../access/family';
import type { DbOrTx } from '../../db/client';
import type { FamilyContext } from '../../family-context';
import type { Viewer } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import * as ordersRepo from '../booking/booking.repo';
import * as coursesRepo from '../courses/courses.repo';
import * as usersRepo from '../users/users.repo';
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

/**
 * Spec §7 PATCH /profiles/{id} {parents}: the guardians the profile keeps, in order. Only removal: the owner (first
 * guardian) or an admin removes any guardian but the first; a guardian who is not the owner may leave. The first and
 * the only guardian cannot be removed (LAST_GUARDIAN: 'Kan ikke fjerne den eneste foresatte fra en profil.').
 */
export async function updateGuardians(ctx: FamilyContext, profileId: string, parents: readonly string[]): Promise<Profile> {
  const { db, viewer } = ctx;
  await requireFamilyAccess(db, viewer, 'profile.read', profileId);
  const wanted = [...new Set(parents)];
  await db.transaction(async (tx) => {
    await repo.lockProfile(tx, profileId);
    const current = await repo.guardianIds(tx, profileId);
    if (wanted.some((id) => !current.includes(id))) {
      throw new AppError('BAD_REQUEST', 'Guardians are added by invite only');
    }
    const removed = current.filter((id) => !wanted.includes(id));
    if (removed.length === 0) {
      if (wanted.join() !== current.join()) throw new AppError('BAD_REQUEST', 'The order of guardians cannot be changed');
      return;
    }
    if (removed.includes(current[0]!) || wanted[0] !== current[0]) {
      throw new AppError('LAST_GUARDIAN', 'The only or the first guardian cannot be removed');
    }
    const leavingOnlySelf = removed.length === 1 && removed[0] === viewer!.id;
    if (!leavingOnlySelf) await requireFamilyAccess(tx, viewer, 'guardian.remove', profileId);
    const kept = current.filter((id) => wanted.includes(id));
    await repo.setGuardians(tx, profileId, kept);
  });
  if (!(await repo.isGuardianOf(db, viewer!.id, profileId)) && !viewer!.isAdmin) {
    // The viewer left the profile: it is no longer theirs to see.
    return { _id: profileId, parents: [], children: [] };
  }
  const [profile] = await populate(db, [profileId]);
  return profile!;
}

/**
 * GET /profiles/{id}/overview: beside the profile, the owner's upcoming courses as an instructor ('Som instruktør'),
 * and for admins the guardians' roles, address, last login and registration date, and the family's orders.
 */
export async function profileOverview(ctx: FamilyContext, profileId: string): Promise<ProfileOverview> {
  const { db, viewer } = ctx;
  await requireFamilyAccess(db, viewer, 'profile.read', profileId);
  const guardianIds = await repo.guardianIds(db, profileId);
  const guardians = await usersRepo.findUsers(db, guardianIds);
  const owner = guardians.find((g) => g.id === guardianIds[0]);
  const taught = owner?.roles.includes('instructor') ? await coursesRepo.coursesTaughtBy(db, owner.id, ctx.clock.now()) : [];
  const instructorCourses = taught.map(({ course: c, placeName, placeTown }) => ({
    _id: c.id,
    name: c.name,
    experienceLevel: c.experienceLevel,
    place: { _id: c.placeId, name: placeName, place: placeTown },
    dates: c.dates.map((d) => d.toISOString()),
    timeFrom: c.timeFrom,
    timeTo: c.timeTo,
  }));
  if (!viewer!.isAdmin) return { instructorCourses, admin: null };
  const orders = await ordersRepo.ordersOfFamily(db, { profileIds: [profileId] });
  type Info = { child?: { firstName?: string; lastName?: string } | null; course?: { name?: string } | null };
  return {
    instructorCourses,
    admin: {
      guardians: guardianIds.flatMap((id) => {
        const g = guardians.find((u) => u.id === id);
        return g
          ? [
              {
                _id: g.id,
                roles: g.roles,
                address: g.address,
                zipCode: g.zipCode,
                place: g.place,
                lastLogin: g.lastLogin ? g.lastLogin.toISOString() : null,
                registrationDate: g.registrationDate.toISOString(),
              },
            ]
          : [];
      }),
      orders: orders.map((o) => {
        const info = (o.additionalInfo ?? {}) as Info;
        return {
          _id: o.id,
          reference: o.reference,
          humanReference: o.humanReference,
          status: o.status as ProfileOrder['status'],
          amount: o.amountOre / 100,
          createdAt: o.createdAt.toISOString(),
          courseId: o.courseId,
          courseName: info.course?.name ?? null,
          childName: info.child ? `${info.child.firstName ?? ''} ${info.child.lastName ?? ''}`.trim() || null : null,
        };
      }),
    },
  };
}
