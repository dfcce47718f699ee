import type { z } from 'zod';
import {
  capitalizeName,
  osloDateKey,
  searchTerm,
  USER_SEARCH_MAX_RESULTS,
  type AdminUser,
  REGISTRATIONS_LIST_MAX,
  ROLES,
  registrationDateQuerySchema,
  type CourseHistoryItem,
  type CourseStatus,
  type instructorListSchema,
  type OwnData,
  type UpdatedPerson,
  type UpdatePersonInput,
  type UpdateUserInput,
  type UserSearchHit,
  type UserSearchResult,
  type userSearchQuerySchema,
  type UsersByRegistrationDate,
  oreToKr,
  toDateOnly,
  toIso,
} from '@app/shared';
import { allowed, requireAccess, requireAccessToAll } from '../../access/access';
import { signedIn, withTx, type ServiceContext } from '../../context';
import { deleteAccount } from '../../domain/membership/events';
import { AppError } from '../../lib/app-error';
import * as absencesRepo from '../../repos/absences.repo';
import * as careRepo from '../../repos/care.repo';
import * as coursesRepo from '../../repos/courses.repo';
import * as levelsRepo from '../../repos/levels.repo';
import * as ordersRepo from '../../repos/orders.repo';
import * as profilesRepo from '../../repos/profiles.repo';
import * as repo from '../../repos/users.repo';

/** Spec §7 GET /users/instructors: public; id and display name only, sorted by name. */
export async function listInstructors(ctx: ServiceContext): Promise<z.infer<typeof instructorListSchema>> {
  const rows = await repo.listInstructors(ctx.db);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() }));
}

/** GET /users/by-registration-date: users and children registered between two ISO instants (spec §5), both included. */
export async function usersByRegistrationDate(
  ctx: ServiceContext,
  query: { startDate?: string; endDate?: string },
): Promise<UsersByRegistrationDate> {
  const parsed = registrationDateQuerySchema.safeParse(query);
  if (!parsed.success) throw new AppError('VALIDATION', 'Invalid date format');
  const start = new Date(parsed.data.startDate);
  const end = new Date(parsed.data.endDate);
  const [parents, parentCount, kids, childCount] = await Promise.all([
    repo.listUsersRegisteredBetween(ctx.db, start, end, REGISTRATIONS_LIST_MAX),
    repo.countUsersRegisteredBetween(ctx.db, start, end),
    profilesRepo.listChildrenRegisteredBetween(ctx.db, start, end, REGISTRATIONS_LIST_MAX),
    profilesRepo.countChildrenRegisteredBetween(ctx.db, start, end),
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

/** A child is 0 to 18 years old (the same rule as adding one). */
const CHILD_MAX_AGE_YEARS = 18;
function assertChildBirthdate(birthdate: string, now: Date) {
  const date = new Date(`${birthdate}T00:00:00Z`);
  const age = (now.getTime() - date.getTime()) / (365.25 * 24 * 3600 * 1000);
  if (!(age >= -0.01 && age <= CHILD_MAX_AGE_YEARS)) {
    throw new AppError('VALIDATION', 'Fødselsdatoen må være en gyldig dato, ikke i fremtiden og høyst 18 år tilbake');
  }
}

const names = (input: UpdatePersonInput) => ({
  ...(input.firstName !== undefined ? { firstName: capitalizeName(input.firstName) } : {}),
  ...(input.lastName !== undefined ? { lastName: capitalizeName(input.lastName) } : {}),
  ...(input.birthdate !== undefined ? { birthdate: input.birthdate } : {}),
});

/** Spec §7 PATCH /users/{id}: `{roles}` (never one's own admin) ends other sessions; else a person's names and birth date. */
export async function updateUser(ctx: ServiceContext, id: string, input: UpdateUserInput): Promise<UpdatedPerson> {
  const { db } = ctx;
  const viewer = signedIn(ctx);
  if ('roles' in input) {
    await requireAccess(ctx, 'user.roles', id);
    // One order (ROLES') and no duplicates: the session check compares the arrays as they are.
    const roles: string[] = ROLES.filter((r) => input.roles.includes(r));
    if (viewer.id === id && !roles.includes('admin')) {
      throw new AppError('OWN_ADMIN_ROLE', 'An admin cannot remove their own admin role');
    }
    const row = await withTx(ctx, async (ctx) => {
      const current = await repo.lockUser(ctx.db, id);
      if (!current) throw new AppError('NOT_FOUND', 'No such user');
      // The same roles again (a double click, another order) change nothing, so no session ends for it.
      if (current.roles.length === roles.length && roles.every((r) => current.roles.includes(r))) return current;
      ctx.log.info({ userId: id, by: viewer.id, from: current.roles, to: roles }, 'user roles changed');
      return (await repo.setUserRoles(ctx.db, id, roles, viewer.id === id ? (ctx.sessionId ?? null) : null))!;
    });
    return { _id: row.id, firstName: row.firstName, lastName: row.lastName, birthdate: toDateOnly(row.birthdate), roles: row.roles };
  }
  const child = await profilesRepo.findChild(db, id);
  if (child) {
    await requireAccess(ctx, 'child.write', id);
    if (input.birthdate !== undefined) assertChildBirthdate(input.birthdate, ctx.clock.now());
    const changesBirthdate = input.birthdate !== undefined && input.birthdate !== toDateOnly(child.birthdate);
    // Why: docs/decisions/034 (a booked or waiting child's birth date is the admin's to change, logged).
    if (changesBirthdate && (await coursesRepo.hasCurrentBooking(db, id, ctx.clock.now()))) {
      if (!allowed(ctx, 'child.birthdate.after-booking')) throw new AppError('BIRTHDATE_LOCKED', 'The child has a booking or a waitlist entry: an admin changes its birth date');
      ctx.log.warn({ childId: id, from: toDateOnly(child.birthdate), to: input.birthdate, by: viewer.id }, 'birth date of a booked child changed by an admin');
    }
    const row = (await profilesRepo.updateChild(db, id, names(input)))!;
    return { _id: row.id, firstName: row.firstName, lastName: row.lastName, birthdate: toDateOnly(row.birthdate), roles: ['child'] };
  }
  await requireAccess(ctx, 'user.write', id);
  const row = await repo.updateUser(db, id, names(input));
  if (!row) throw new AppError('NOT_FOUND', 'No such user');
  return { _id: row.id, firstName: row.firstName, lastName: row.lastName, birthdate: toDateOnly(row.birthdate), roles: row.roles };
}

/** Spec §7 DELETE /users/{id}: a child not on a running course, or a user (a family left with no guardian goes too). */
export async function deleteUser(ctx: ServiceContext, id: string): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const child = await profilesRepo.findChild(db, id);
  if (child) {
    await requireAccess(ctx, 'child.write', id);
    await db.transaction(async (tx) => {
      if ((await coursesRepo.childrenOnRunningCourses(tx, [id], now)).length > 0) {
        throw new AppError('CHILD_ON_COURSE', 'Kan ikke slette. Brukeren er registrert på kurs');
      }
      await ordersRepo.anonymiseOrdersOfChildren(tx, [id], false);
      await coursesRepo.deleteParticipationsOf(tx, [id]);
      await profilesRepo.deleteChildren(tx, [id]);
    });
    return;
  }
  await requireAccess(ctx, 'user.delete', id);
  await withTx(ctx, async (ctx) => {
    if (!(await deleteAccount(ctx, id))) throw new AppError('NOT_FOUND', 'No such user');
  });
}

/** Spec §4 by Oslo day: 'Påmeldt' before the first date, 'Pågår' from it, 'Fullført' on and after the last date. */
export function courseStatus(dates: readonly Date[], at: Date): CourseStatus {
  const days = dates.map(osloDateKey).sort();
  const today = osloDateKey(at);
  if (days.length === 0 || today < days[0]!) return 'registered';
  if (today >= days[days.length - 1]!) return 'finished';
  return 'ongoing';
}

/** Spec §7 GET /users/courses?cIds=a,b: per child of the viewer's, every course it took part in, with status at `t`. */
export async function courseHistory(ctx: ServiceContext, childIds: readonly string[], t?: number): Promise<CourseHistoryItem[]> {
  await requireAccessToAll(ctx, 'child.read', childIds);
  const at = t === undefined ? ctx.clock.now() : new Date(t);
  const kids = await profilesRepo.findChildren(ctx.db, childIds);
  const rows = await coursesRepo.coursesOfChildren(ctx.db, childIds);
  const counts = await coursesRepo.countParticipants(ctx.db, [...new Set(rows.map((r) => r.course.id))]);
  return childIds.flatMap((childId) => {
    const kid = kids.find((k) => k.id === childId);
    if (!kid) return [];
    return [
      {
        user: { _id: kid.id, firstName: kid.firstName, lastName: kid.lastName, birthdate: toDateOnly(kid.birthdate)! },
        courses: rows
          .filter((r) => r.childId === childId)
          .map(({ course: c, placeName, placeTown }) => ({
            _id: c.id,
            name: c.name,
            place: { _id: c.placeId, name: placeName, place: placeTown },
            dates: c.dates.map((d) => d.toISOString()),
            timeFrom: c.timeFrom,
            timeTo: c.timeTo,
            experienceLevel: c.experienceLevel,
            participantsAge: c.participantsAge,
            maximumParticipants: c.maximumParticipants,
            freePlaces: Math.max(0, c.maximumParticipants - (counts.get(c.id) ?? 0)),
            status: courseStatus(c.dates, at),
          })),
      },
    ];
  });
}

/** 'Last ned mine data' (GDPR art. 15 and 20): everything the site keeps about the user and their families. */
export async function ownData(ctx: ServiceContext): Promise<OwnData> {
  const { db } = ctx;
  const viewer = signedIn(ctx);
  const user = await repo.findUserById(db, viewer.id);
  if (!user) throw new AppError('NOT_FOUND', 'No such user');
  const profileIds = await profilesRepo.listProfileIdsOf(db, user.id);
  const links = await profilesRepo.listGuardians(db, profileIds);
  const people = await repo.findUsers(db, [...new Set(links.map((l) => l.userId))]);
  const parents = links.flatMap((l) => {
    const u = people.find((p) => p.id === l.userId);
    return u ? [{ profileId: l.profileId, position: l.position, id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, phone: u.phone }] : [];
  });
  const kids = await profilesRepo.listChildren(db, profileIds);
  const history = await coursesRepo.coursesOfChildren(db, kids.map((k) => k.id));
  const [careRows, noteReads, progress, absences, tokens] = await Promise.all([
    careRepo.findCareOf(db, kids.map((k) => k.id)),
    careRepo.readsOf(db, kids.map((k) => k.id)),
    levelsRepo.progressOfChildren(db, kids.map((k) => k.id)),
    absencesRepo.absencesOfChildren(db, kids.map((k) => k.id)),
    absencesRepo.tokensWith(db, { childIds: kids.map((k) => k.id) }),
  ]);
  const careOut = (childId: string) => {
    const row = careRows.get(childId);
    return {
      emergencyContact: careRepo.emergencyContactOf(row),
      healthNote: row?.healthNote ?? null,
      healthConsentAt: toIso(row?.healthConsentAt ?? null),
      photoConsent: row?.photoConsent ?? false,
      healthNoteReads: noteReads
        .filter((r) => r.childId === childId)
        .map((r) => ({ readerName: r.readerName, readerRole: r.readerRole, courseName: r.courseName, via: r.via, readAt: toIso(r.readAt) })),
    };
  };
  const orders = await ordersRepo.ordersOfFamily(db, { userId: user.id, profileIds });
  const events = new Map(await Promise.all(orders.map(async (o) => [o.id, await ordersRepo.listEvents(db, o.id)] as const)));
  const sent = await profilesRepo.invitesSentBy(db, user.id);
  // Invites to the address count as the user's only when Vipps has verified it.
  const received = user.email && user.emailVerified ? await profilesRepo.listInvites(db, { email: user.email }) : [];
  const taught = await coursesRepo.coursesTaughtBy(db, user.id, new Date(0));
  const courseOut = (c: (typeof history)[number]['course'], placeName: string, placeTown: string) => ({
    id: c.id,
    name: c.name,
    experienceLevel: c.experienceLevel,
    place: placeName,
    town: placeTown,
    dates: c.dates.map((d) => d.toISOString()),
    timeFrom: c.timeFrom,
    timeTo: c.timeTo,
  });
  return {
    exportedAt: ctx.clock.now().toISOString(),
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      birthdate: toDateOnly(user.birthdate),
      email: user.email,
      phone: user.phone,
      address: user.address,
      zipCode: user.zipCode,
      place: user.place,
      roles: user.roles,
      lastLogin: toIso(user.lastLogin),
      registrationDate: toIso(user.registrationDate),
    },
    profiles: profileIds.map((pid) => ({
      id: pid,
      guardians: parents
        .filter((p) => p.profileId === pid)
        .map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phone, owner: p.position === 0 })),
      children: kids
        .filter((k) => k.profileId === pid)
        .map((k) => ({
          id: k.id,
          firstName: k.firstName,
          lastName: k.lastName,
          birthdate: toDateOnly(k.birthdate),
          registrationDate: toIso(k.registrationDate),
          courses: history.filter((h) => h.childId === k.id).map((h) => courseOut(h.course, h.placeName, h.placeTown)),
          care: careOut(k.id),
          progress: {
            marks: progress.marks.filter((m) => m.childId === k.id).map(({ childId: _, madeAt, ...m }) => ({ ...m, madeAt: madeAt.toISOString() })),
            notes: progress.notes.filter((n) => n.childId === k.id).map(({ childId: _, ...n }) => n),
          },
          // 'Meld fravær' and make-up tokens (decision 061).
          absences: absences
            .filter((a) => a.childId === k.id)
            .map((a) => ({ courseId: a.courseId, date: a.date.toISOString(), reason: a.reason, reportedAt: a.reportedAt.toISOString(), undoneAt: toIso(a.undoneAt) })),
          makeupTokens: tokens
            .filter((t) => t.token.childId === k.id)
            .map(({ token, makeup, makeupCourse }) => ({
              source: token.source,
              reason: token.reason,
              courseId: token.courseId,
              expiresAt: token.expiresAt.toISOString(),
              withdrawnAt: toIso(token.withdrawnAt),
              makeup: makeup && makeupCourse ? { courseId: makeupCourse.id, date: makeup.date.toISOString() } : null,
            })),
        })),
    })),
    orders: orders.map((o) => ({
      id: o.id,
      reference: o.reference,
      humanReference: o.humanReference,
      status: o.status,
      amountKr: oreToKr(o.amountOre),
      createdAt: toIso(o.createdAt),
      updatedAt: toIso(o.updatedAt),
      details: o.additionalInfo,
      events: (events.get(o.id) ?? []).map((e) => ({ name: e.name, amountKr: oreToKr(e.amountOre), currency: e.currency, timestamp: toIso(e.timestamp) })),
    })),
    invites: {
      sent: sent.map((i) => ({ id: i.id, profileId: i.profileId, email: i.email, status: i.status, createdAt: toIso(i.createdAt) })),
      received: received.map((i) => ({ id: i.id, profileId: i.profileId, status: i.status, createdAt: toIso(i.createdAt), inviter: i.inviter })),
    },
    instructorCourses: taught.map((t) => courseOut(t.course, t.placeName, t.placeTown)),
  };
}

function toAdminUser(row: repo.AdminUserRow): AdminUser {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    roles: row.roles,
    lastLogin: toIso(row.lastLogin),
    registrationDate: row.registrationDate.toISOString(),
    profile: row.profileId,
  };
}

/** Spec §7 GET /users/last-logged-in (admin): newest login first. */
export async function lastLoggedIn(ctx: ServiceContext, limit: number): Promise<AdminUser[]> {
  return (await repo.lastLoggedIn(ctx.db, limit)).map(toAdminUser);
}

/** Spec §7 GET /search/users: name, e-mail or phone contains the text ('*': everyone); no hits is NOT_FOUND. */
export async function searchUsers(ctx: ServiceContext, query: z.infer<typeof userSearchQuerySchema>): Promise<UserSearchResult> {
  const text = query.name.trim();
  const term = text === '*' ? null : searchTerm(text);
  const limit = USER_SEARCH_MAX_RESULTS;
  const parents = query.categories.includes('parents') ? await repo.searchUsers(ctx.db, term, limit) : { total: 0, rows: [] };
  const kids = query.categories.includes('children') ? await profilesRepo.searchChildren(ctx.db, term, limit) : { total: 0, rows: [] };
  const total = parents.total + kids.total;
  if (total === 0) throw new AppError('NOT_FOUND', 'No users found');
  const hits: UserSearchHit[] = [
    ...parents.rows.map((row) => ({ type: 'parent' as const, ...toAdminUser(row) })),
    ...kids.rows.map((row) => ({
      type: 'child' as const,
      _id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      birthdate: row.birthdate,
      registrationDate: row.registrationDate.toISOString(),
      profile: row.profileId,
    })),
  ];
  return { total, users: hits.slice(0, limit) };
}
