import { placeSlug, type Profile, type ProfileOrder, type ProfileOverview, oreToKr, toDateOnly } from '@app/shared';
import { allowed, can, requireAccess, requireAccessToAll, requireAllowed } from '../../access/access';
import { signedIn, withTx, type ServiceContext } from '../../context';
import { familyLapses } from '../../domain/enrolment/seats';
import { guardianLeft } from '../../domain/membership/events';
import { AppError } from '../../lib/app-error';
import * as changes from '../../repos/changes.repo';
import * as courses from '../../repos/courses.repo';
import * as orders from '../../repos/orders.repo';
import * as profiles from '../../repos/profiles.repo';
import * as users from '../../repos/users.repo';

/** Guardians (by position), children and each child's courses of the given profiles, in the order of `ids`. */
async function populate(ctx: ServiceContext, ids: readonly string[]): Promise<Profile[]> {
  const [guardians, kids] = await Promise.all([profiles.listGuardians(ctx.db, ids), profiles.listChildren(ctx.db, ids)]);
  const [contacts, courseRows] = await Promise.all([
    users.findUserContacts(ctx.db, guardians.map((g) => g.userId)),
    courses.listCoursesOfChildren(ctx.db, kids.map((k) => k.id)),
  ]);
  const cancelled = await changes.cancelledDatesByCourse(ctx.db, [...new Set(courseRows.map((c) => c.id))]);
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
        birthdate: toDateOnly(k.birthdate),
        registrationDate: k.registrationDate.toISOString(),
        courses: courseRows
          .filter((c) => c.childId === k.id)
          .map((c) => ({
            _id: c.id,
            name: c.name,
            place: { _id: c.placeId, name: c.placeName, slug: placeSlug(c.placeName), place: c.placeTown },
            dates: c.dates.map((d) => d.toISOString()),
            cancelledDates: (cancelled.get(c.id) ?? []).map((d) => d.toISOString()),
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
  return withLapses(ctx, await populate(ctx, await profiles.listProfileIdsOf(ctx.db, guardianId)));
}

/** The family's lapses and payment pause, for its guardians and admins (never an instructor's view). */
async function withLapses(ctx: ServiceContext, found: Profile[]): Promise<Profile[]> {
  const lapses = await familyLapses(ctx.db, found.map((p) => p._id), ctx.clock.now());
  return found.map((profile) => ({ ...profile, familyLapses: lapses.get(profile._id) }));
}

/** Spec §7 GET /profiles?pop&cId=ids: the children's families; an instructor sees only the children and courses asked for. */
export async function listProfilesOfChildren(ctx: ServiceContext, childIds: readonly string[]): Promise<Profile[]> {
  const viewer = requireAllowed(ctx, 'children.families');
  await requireAccessToAll(ctx, 'child.family.read', childIds);
  const rows = await profiles.findChildren(ctx.db, childIds);
  const profileIds = [...new Set(childIds.map((id) => rows.find((r) => r.id === id)?.profileId).filter((id): id is string => !!id))];
  const found = await populate(ctx, profileIds);
  if (allowed(ctx, 'profile.admin-details')) return found;
  const taught = await courses.findInstructorIds(ctx.db, [...new Set(found.flatMap((p) => p.children.flatMap((c) => c.courses.map((k) => k._id))))]);
  const teaches = (courseId: string) => taught.get(courseId)?.includes(viewer.id) ?? false;
  return found.map((profile) => ({
    ...profile,
    children: profile.children
      .filter((child) => childIds.includes(child._id))
      .map((child) => ({ ...child, courses: child.courses.filter((course) => teaches(course._id)) })),
  }));
}

/** One profile: its guardians see it; an admin sees any; others get 403 (the spec's forbidden view). */
export async function getProfile(ctx: ServiceContext, profileId: string): Promise<Profile> {
  await requireAccess(ctx, 'profile.read', profileId);
  const [profile] = await withLapses(ctx, await populate(ctx, [profileId]));
  if (!profile || profile.parents.length === 0) throw new AppError('NOT_FOUND', 'No such profile');
  return profile;
}

/** Spec §7 PATCH /profiles/{id} {parents}: removal only (owner, admin, or oneself); the first guardian stays. */
export async function updateGuardians(ctx: ServiceContext, profileId: string, parents: readonly string[]): Promise<Profile> {
  const viewer = signedIn(ctx);
  await requireAccess(ctx, 'profile.read', profileId);
  const wanted = [...new Set(parents)];
  await withTx(ctx, async (ctx) => {
    await profiles.lockProfile(ctx.db, profileId);
    const current = await profiles.guardianIds(ctx.db, profileId);
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
    const leavingOnlySelf = removed.length === 1 && removed[0] === viewer.id;
    if (!leavingOnlySelf) await requireAccess(ctx, 'guardian.remove', profileId);
    const kept = current.filter((id) => wanted.includes(id));
    await profiles.setGuardians(ctx.db, profileId, kept);
    for (const userId of removed) await guardianLeft(ctx, profileId, userId);
  });
  if (!(await can(ctx, 'profile.read', profileId))) {
    // The viewer left the profile: it is no longer theirs to see.
    return { _id: profileId, parents: [], children: [] };
  }
  const [profile] = await populate(ctx, [profileId]);
  return profile!;
}

/** GET /profiles/{id}/overview: the owner's courses as an instructor; for admins the guardians' details and the orders. */
export async function profileOverview(ctx: ServiceContext, profileId: string): Promise<ProfileOverview> {
  const { db } = ctx;
  await requireAccess(ctx, 'profile.read', profileId);
  const guardianIds = await profiles.guardianIds(db, profileId);
  const guardians = await users.findUsers(db, guardianIds);
  const owner = guardians.find((g) => g.id === guardianIds[0]);
  const taught = owner?.roles.includes('instructor') ? await courses.coursesTaughtBy(db, owner.id, ctx.clock.now()) : [];
  const instructorCourses = taught.map(({ course: c, placeName, placeTown }) => ({
    _id: c.id,
    name: c.name,
    experienceLevel: c.experienceLevel,
    place: { _id: c.placeId, name: placeName, place: placeTown },
    dates: c.dates.map((d) => d.toISOString()),
    timeFrom: c.timeFrom,
    timeTo: c.timeTo,
  }));
  if (!allowed(ctx, 'profile.admin-details')) return { instructorCourses, admin: null };
  const familyOrders = await orders.ordersOfFamily(db, { profileIds: [profileId] });
  type Info = { child?: { firstName?: string; lastName?: string } | null; course?: { name?: string } | null };
  return {
    instructorCourses,
    admin: {
      guardians: guardianIds.flatMap((id) => {
        const g = guardians.find((u) => u.id === id);
        if (!g) return [];
        const { roles, address, zipCode, place } = g;
        const lastLogin = g.lastLogin?.toISOString() ?? null;
        return [{ _id: g.id, roles, address, zipCode, place, lastLogin, registrationDate: g.registrationDate.toISOString() }];
      }),
      orders: familyOrders.map((o) => {
        const info = (o.additionalInfo ?? {}) as Info;
        return {
          _id: o.id,
          reference: o.reference,
          humanReference: o.humanReference,
          status: o.status as ProfileOrder['status'],
          amount: oreToKr(o.amountOre),
          createdAt: o.createdAt.toISOString(),
          courseId: o.courseId,
          courseName: info.course?.name ?? null,
          childName: info.child ? `${info.child.firstName ?? ''} ${info.child.lastName ?? ''}`.trim() || null : null,
        };
      }),
    },
  };
}
