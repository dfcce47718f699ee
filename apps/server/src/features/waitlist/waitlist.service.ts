import {
  courseBooking,
  MAX_WAITLIST_ENTRIES_PER_FAMILY,
  osloDateKey,
  osloMidnight,
  placeSlug,
  type AdminWaitlistEntry,
  courseDisplayName,
  type CoursePriority,
  type CoursePriorityInput,
  type CoursePrioritySettings,
  type CourseWaitlist,
  type JoinWaitlistInput,
  type MyWaitlistEntry,
  type WaitlistOverview,
  type WaitlistSettingsInput,
  oreToKr,
  toDate,
  toIso,
  type WaitlistSettings,
} from '@app/shared';
import { allowed, can, requireAccess, requireAllowed, seesUnpublished } from '../../access/access';
import { familyLapses, lockCourses, paymentPausedUntil, reserveSeat, seatError, seatsFree } from '../../domain/enrolment/seats';
import { canOffer, priorityWindowRuns, type Decision, type OfferFacts, type OfferPolicyName } from '../../domain/enrolment/policies';
import { signedIn, withTx, type ServiceContext } from '../../context';
import { currentSettings } from '../../domain/settings/settings';
import type { DbOrTx } from '../../db/client';
import { busyAsAppError } from '../../db/busy';
import { enqueueEmail, type OutgoingEmail } from '../../integrations/email';
import { AppError } from '../../lib/app-error';
import * as changes from '../../repos/changes.repo';
import * as courses from '../../repos/courses.repo';
import * as profiles from '../../repos/profiles.repo';
import * as users from '../../repos/users.repo';
import * as waitlist from '../../repos/waitlist.repo';
import { offerEmail, priorityInvitationEmail, waitlistClosedEmail, type EntryEmail } from './waitlist-emails';

// Why: docs/decisions/016. An offer holds a place, counted as taken by domain/enrolment/seats.ts under the course lock.
const HOUR_MS = 3_600_000;
const SHORT_OFFER_WITHIN_MS = 3 * 24 * HOUR_MS;

/** How long an offer holds the place (the settings slice 'waitlist'): the short hold when the course starts within 3 days. */
export function offerLengthMs(settings: Pick<WaitlistSettings, 'offerHours' | 'shortOfferHours'>, firstDate: Date | null, now: Date): number {
  const soon = !firstDate || firstDate.getTime() - now.getTime() < SHORT_OFFER_WITHIN_MS;
  return (soon ? Math.min(settings.shortOfferHours, settings.offerHours) : settings.offerHours) * HOUR_MS;
}

type CourseDetails = NonNullable<Awaited<ReturnType<typeof courses.findCourseDetails>>>;

/** Offers only go to a course that can still be booked (not ended, late booking not closed). */
function bookableNow(course: CourseDetails, now: Date): boolean {
  const state = courseBooking({ ...course, dates: course.dates.map(toDate) }, now).state;
  return state === 'open' || state === 'started';
}

/** Queues an e-mail about the entry's child to the guardian who put it on the list; false when there is no address. */
async function mailGuardian(
  ctx: ServiceContext,
  tx: DbOrTx,
  course: CourseDetails,
  entry: { childId: string; userId: string | null },
  email: (input: EntryEmail) => OutgoingEmail,
): Promise<boolean> {
  const [child, guardian] = await Promise.all([profiles.findChild(tx, entry.childId), entry.userId ? users.findUserById(tx, entry.userId) : undefined]);
  if (!guardian?.email || !child) return false;
  const input = { to: guardian.email, companyName: ctx.env.site.companyName, siteUrl: ctx.env.PUBLIC_URL, guardian, child };
  await enqueueEmail(tx, email({ ...input, course: { name: courseDisplayName(course), placeName: course.placeName } }));
  return true;
}

/** The age fact of the booking policies (domain/enrolment/policies.ts): the course's range at its first date. */
const ageOf = (course: CourseDetails, birthdate: string): OfferFacts['age'] => ({
  ageMinMonths: course.ageMinMonths,
  ageMaxMonths: course.ageMaxMonths,
  birthdate,
  firstDate: course.dates.length ? toDate(course.dates[0]!) : null,
});

/** The booking's age rule alone (canOffer's ageFits): for a join, and for offers made before a birth date changed. */
const ageDecision = (course: CourseDetails, birthdate: string, now: Date): Decision =>
  canOffer({ now, age: ageOf(course, birthdate), priority: { courseIds: [], openToAllAt: null, returning: null }, pausedUntil: null }, ['ageFits'] satisfies OfferPolicyName[]);

/** Whether the job may offer this child a place now: the booking policies (age, priority window, cool-down). */
async function offerDecision(db: DbOrTx, course: CourseDetails, child: { id: string; profileId: string; birthdate: string }, now: Date): Promise<Decision> {
  const priority = { courseIds: course.priorityCourseIds, openToAllAt: course.openToAllAt ? toDate(course.openToAllAt) : null };
  const returning = priorityWindowRuns(priority, now) ? await courses.tookPartInAny(db, child.id, course.priorityCourseIds) : null;
  return canOffer({ now, age: ageOf(course, child.birthdate), priority: { ...priority, returning }, pausedUntil: await paymentPausedUntil(db, child.profileId) });
}

/** waiting → offered for one entry, with its e-mail in the same transaction (the caller holds the course row lock). */
async function makeOffer(ctx: ServiceContext, tx: DbOrTx, course: CourseDetails, entry: waitlist.WaitlistEntryRow, offeredBy: string | null): Promise<boolean> {
  const now = ctx.clock.now();
  const firstDate = course.dates.length ? toDate(course.dates[0]!) : null;
  const expiresAt = new Date(now.getTime() + offerLengthMs((await currentSettings(ctx, 'waitlist')).value, firstDate, now));
  const offered = await waitlist.markOffered(tx, entry.id, expiresAt, now, offeredBy);
  if (!offered) return false;
  if (!(await mailGuardian(ctx, tx, course, entry, (input) => offerEmail({ ...input, expiresAt })))) {
    ctx.log.warn({ entryId: entry.id }, 'waitlist offer made without an e-mail: no address');
  }
  ctx.log.info({ courseId: course.id, entryId: entry.id, expiresAt, byAdmin: !!offeredBy }, 'waitlist offer made');
  return true;
}

/**
 * One course's turn under its lock: offers expire and pass on, free places go to the next children allowed.
 * `release`: what else gives places back first, under the same lock ('Behold plassen' not kept, decision 060).
 */
export async function settleCourse(
  ctx: ServiceContext,
  courseId: string,
  options: { skipLocked: boolean; release?: (tx: DbOrTx) => Promise<unknown> },
): Promise<{ offered: number; expired: number }> {
  const course = await courses.findCourseDetails(ctx.db, courseId);
  if (!course) return { offered: 0, expired: 0 };
  return busyAsAppError(() =>
    withTx(ctx, async (ctx) => {
      const now = ctx.clock.now();
      let expired = 0;
      const seat = await reserveSeat(ctx.db, courseId, {
        by: 'offer',
        skipLocked: options.skipLocked,
        beforeCount: async (tx) => {
          await options.release?.(tx);
          expired = await waitlist.expireOffers(tx, courseId, now);
          await waitlist.markBookedOnCourse(tx, courseId);
          await skipStaleOffers(ctx, tx, course);
        },
      });
      let offered = 0;
      if ('refused' in seat || seat.course.waitlistClosed || !bookableNow(course, now)) return { offered, expired };
      let free = seat.free;
      const waiting = (await waitlist.openEntriesOfCourse(ctx.db, courseId)).filter((e) => e.status === 'waiting');
      for (const next of waiting) {
        if (free <= 0) break;
        const child = await profiles.findChild(ctx.db, next.childId);
        const decision = child ? await offerDecision(ctx.db, course, child, now) : undefined;
        // A child outside the age range (its birth date changed) is passed over.
        if (!decision || ('refused' in decision && decision.refused === 'CHILD_AGE_OUTSIDE_RANGE')) {
          await waitlist.endEntry(ctx.db, next.id, 'skipped');
          ctx.log.info({ courseId, entryId: next.id }, 'waitlist entry skipped: the child is outside the age range');
          continue;
        }
        // The priority window still runs for a new child, or the family is in a cool-down: it keeps its turn for later.
        if ('refused' in decision) {
          ctx.log.info({ courseId, entryId: next.id, refused: decision.refused }, 'waitlist entry passed over for now');
          continue;
        }
        if (!(await makeOffer(ctx, ctx.db, course, next, null))) continue;
        offered += 1;
        free -= 1;
      }
      return { offered, expired };
    }),
  );
}

/** The job's offers to children now outside the age range pass on at once; an admin's offer stands. Caller holds the lock. */
async function skipStaleOffers(ctx: ServiceContext, tx: DbOrTx, course: CourseDetails): Promise<void> {
  const offers = (await waitlist.openEntriesOfCourse(tx, course.id)).filter((e) => e.status === 'offered' && !e.offeredBy);
  if (offers.length === 0) return;
  const kids = await profiles.findChildren(tx, offers.map((e) => e.childId));
  for (const offer of offers) {
    const child = kids.find((k) => k.id === offer.childId);
    if (child && !('refused' in ageDecision(course, child.birthdate, ctx.clock.now()))) continue;
    await waitlist.endEntry(tx, offer.id, 'skipped');
    ctx.log.info({ courseId: course.id, entryId: offer.id }, 'waitlist offer passed over: the child is outside the age range');
  }
}

/** The waitlist job: every course with an open entry is settled (see settleCourse); then priority invitations. */
export async function processWaitlists(ctx: ServiceContext, options: { batch?: number } = {}) {
  const ids = await waitlist.coursesWithOpenEntries(ctx.db, options.batch ?? 200);
  const result = { courses: ids.length, offered: 0, expired: 0, invited: 0 };
  for (const id of ids) {
    try {
      const one = await settleCourse(ctx, id, { skipLocked: true });
      result.offered += one.offered;
      result.expired += one.expired;
    } catch (err) {
      ctx.log.warn({ err, courseId: id }, 'waitlist: settling a course failed; tried again on the next tick');
    }
  }
  result.invited = await sendPriorityInvitations(ctx);
  return result;
}

// ---- the family's side ------------------------------------------------------------------------------------------

async function toMyEntries(ctx: ServiceContext, rows: waitlist.WaitlistEntryRow[]): Promise<MyWaitlistEntry[]> {
  const now = ctx.clock.now();
  // A fixed number of queries whatever the number of entries.
  const [kids, details, positions, cancelled] = await Promise.all([
    profiles.findChildren(ctx.db, rows.map((r) => r.childId)),
    courses.findCoursesDetails(ctx.db, rows.map((r) => r.courseId)),
    waitlist.positionsOf(ctx.db, rows),
    changes.cancelledDatesByCourse(ctx.db, rows.map((r) => r.courseId)),
  ]);
  // A family in a payment pause cannot book an offer until it ends: the list says until when.
  const lapses = await familyLapses(ctx.db, kids.map((k) => k.profileId), now);
  return rows.flatMap((row) => {
    const child = kids.find((k) => k.id === row.childId);
    const course = details.get(row.courseId);
    if (!course || !child) return [];
    const booking = courseBooking({ ...course, dates: course.dates.map(toDate), cancelledDates: cancelled.get(course.id) ?? [] }, now);
    return [
      {
        _id: row.id,
        status: row.status as MyWaitlistEntry['status'],
        position: positions.get(row.id) ?? 0,
        offerExpiresAt: row.status === 'offered' ? toIso(row.offerExpiresAt) : null,
        child: { _id: child.id, firstName: child.firstName, lastName: child.lastName },
        course: {
          _id: course.id,
          name: course.name,
          displayName: courseDisplayName(course),
          placeName: course.placeName,
          firstDate: toIso(course.dates[0]),
          timeFrom: course.timeFrom,
          timeTo: course.timeTo,
          price: oreToKr(booking.priceOre),
        },
        createdAt: row.createdAt.toISOString(),
        paymentPausedUntil: lapses.get(child.profileId)?.pausedUntil ?? null,
      },
    ];
  });
}

/** GET /waitlist/mine: the open entries of the caller's children, with positions and offers. */
export async function myWaitlist(ctx: ServiceContext): Promise<MyWaitlistEntry[]> {
  const viewer = signedIn(ctx);
  const childIds = await profiles.childIdsOfGuardian(ctx.db, viewer.id);
  return toMyEntries(ctx, await waitlist.openEntriesOfChildren(ctx.db, childIds));
}

/** POST /courses/:id/waitlist, under the course lock: a course with a free place and nobody waiting is COURSE_NOT_FULL. */
export async function joinWaitlist(ctx: ServiceContext, courseId: string, input: JoinWaitlistInput): Promise<MyWaitlistEntry> {
  const viewer = signedIn(ctx);
  // The same answer whether the child does not exist or belongs to another family (as for a booking).
  if (!(await can(ctx, 'child.book', input.childId))) throw new AppError('NOT_FOUND', 'Child not found');
  const course = await courses.findCourseDetails(ctx.db, courseId);
  const visible = !!course && course.published === true && course.placePublished;
  if (!course || (!visible && !seesUnpublished(viewer))) throw new AppError('NOT_FOUND', 'Course not found');
  const state = courseBooking({ ...course, dates: course.dates.map(toDate) }, ctx.clock.now()).state;
  if (state === 'ended') throw new AppError('COURSE_ENDED', 'The course has ended');
  if (state === 'closed') throw new AppError('LATE_BOOKING_CLOSED', 'Late booking is closed for this course');
  if (course.waitlistClosed) throw new AppError('WAITLIST_CLOSED', 'The waitlist is closed');
  const child = await profiles.findChild(ctx.db, input.childId);
  if (!child) throw new AppError('NOT_FOUND', 'Child not found');
  // The booking's age rule: admins may place any child, parents within the range.
  if (!allowed(ctx, 'waitlist.any-age')) {
    const age = ageDecision(course, child.birthdate, ctx.clock.now());
    if ('refused' in age) throw new AppError(age.refused, age.message, age.params);
  }
  const entry = await busyAsAppError(() =>
    ctx.db.transaction(async (tx) => {
      // Not a claim, so no reserveSeat; the course lock still makes the family's limit and 'not full' one decision.
      const [locked] = (await lockCourses(tx, [courseId])) ?? [];
      if (!locked) throw new AppError('NOT_FOUND', 'Course not found');
      if (await courses.findParticipant(tx, courseId, input.childId)) throw new AppError('CHILD_ALREADY_IN_COURSE', 'Child is already in course');
      if (await waitlist.findOpenEntry(tx, courseId, input.childId)) throw new AppError('ALREADY_ON_WAITLIST', 'The child is already on the waitlist');
      // Place hoarding (decision 035): a few children of one family per course's list.
      if ((await waitlist.countOpenEntriesOfProfile(tx, courseId, child.profileId)) >= MAX_WAITLIST_ENTRIES_PER_FAMILY) {
        throw new AppError('WAITLIST_FAMILY_LIMIT', 'The family already has the most children allowed on this waitlist');
      }
      if ((await seatsFree(tx, locked)) > 0 && !(await waitlist.firstWaiting(tx, courseId))) throw new AppError('COURSE_NOT_FULL', 'The course has free places');
      const row = await waitlist.insertEntry(tx, { courseId, childId: input.childId, userId: viewer.id });
      if (!row) throw new AppError('ALREADY_ON_WAITLIST', 'The child is already on the waitlist');
      return row;
    }),
  );
  return (await toMyEntries(ctx, [entry]))[0]!;
}

/** DELETE /waitlist/:id: the family (or an admin) takes the child off the list; a held offer passes on. */
export async function leaveWaitlist(ctx: ServiceContext, entryId: string): Promise<void> {
  await requireAccess(ctx, 'waitlist.write', entryId);
  if (!(await waitlist.endEntry(ctx.db, entryId, 'left'))) throw new AppError('WAITLIST_ENTRY_NOT_OPEN', 'The entry is not open');
}

// ---- the admin's side ---------------------------------------------------------------------------------------------

async function entryOfCourseAdmin(ctx: ServiceContext, entryId: string): Promise<waitlist.WaitlistEntryRow> {
  signedIn(ctx);
  const entry = await waitlist.findEntry(ctx.db, entryId);
  if (!entry) throw new AppError('NOT_FOUND', 'No such waitlist entry');
  await requireAccess(ctx, 'course.write', entry.courseId);
  return entry;
}

/** GET /courses/:id/waitlist: the list in order, with who holds an offer and until when. */
export async function courseWaitlist(ctx: ServiceContext, courseId: string): Promise<CourseWaitlist> {
  await requireAccess(ctx, 'course.write', courseId);
  const course = await courses.findCourseDetails(ctx.db, courseId);
  if (!course) throw new AppError('NOT_FOUND', 'Course not found');
  const rows = await waitlist.openEntriesOfCourse(ctx.db, courseId);
  const kids = await profiles.findChildren(ctx.db, rows.map((r) => r.childId));
  const contacts = await users.findUserContacts(ctx.db, rows.flatMap((r) => (r.userId ? [r.userId] : [])));
  // Repeated lapses: the family's unpaid holds and expired offers of the last 30 days.
  const lapses = await familyLapses(ctx.db, kids.map((k) => k.profileId), ctx.clock.now());
  let position = 0;
  const entries: AdminWaitlistEntry[] = rows.flatMap((row) => {
    const child = kids.find((k) => k.id === row.childId);
    if (!child) return [];
    const guardian = row.userId ? contacts.get(row.userId) : undefined;
    return [
      {
        _id: row.id,
        status: row.status as AdminWaitlistEntry['status'],
        position: row.status === 'waiting' ? ++position : 0,
        offerExpiresAt: row.status === 'offered' ? toIso(row.offerExpiresAt) : null,
        offeredAt: row.status === 'offered' ? toIso(row.offeredAt) : null,
        offeredByAdmin: row.status === 'offered' && !!row.offeredBy,
        child: { _id: child.id, firstName: child.firstName, lastName: child.lastName },
        profileId: child.profileId,
        guardian: guardian ? { firstName: guardian.firstName, lastName: guardian.lastName, email: guardian.email, phone: guardian.phone } : null,
        createdAt: row.createdAt.toISOString(),
        familyLapses: lapses.get(child.profileId)?.lapses ?? 0,
      },
    ];
  });
  return {
    course: {
      _id: course.id,
      name: course.name,
      placeName: course.placeName,
      firstDate: toIso(course.dates[0]),
      maximumParticipants: course.maximumParticipants,
      participantsCount: await courses.countParticipantsOf(ctx.db, courseId),
      waitlistClosed: course.waitlistClosed,
    },
    entries,
  };
}

/** GET /waitlist: waiting children per course, for the admin dashboard (courses with an open entry). */
export async function waitlistOverview(ctx: ServiceContext): Promise<WaitlistOverview> {
  requireAllowed(ctx, 'waitlist.overview');
  const counts = await waitlist.countOpenPerCourse(ctx.db);
  const details = await courses.findCoursesDetails(ctx.db, counts.map((c) => c.courseId));
  const out: WaitlistOverview = counts.flatMap(({ courseId, waiting, offered }) => {
    const course = details.get(courseId);
    if (!course) return [];
    const { name, placeName, waitlistClosed } = course;
    return [{ courseId, name, placeName, firstDate: toIso(course.dates[0]), waiting, offered, waitlistClosed }];
  });
  return out.sort((a, b) => (a.firstDate ?? '').localeCompare(b.firstDate ?? '') || a.courseId.localeCompare(b.courseId));
}

/** POST /waitlist/:id/offer: an admin offers a free place to this child now, out of turn; never over capacity. */
export async function offerByHand(ctx: ServiceContext, entryId: string): Promise<CourseWaitlist> {
  const admin = signedIn(ctx);
  const entry = await entryOfCourseAdmin(ctx, entryId);
  const course = await courses.findCourseDetails(ctx.db, entry.courseId);
  if (!course) throw new AppError('NOT_FOUND', 'Course not found');
  await busyAsAppError(() =>
    withTx(ctx, async (ctx) => {
      const seat = await reserveSeat(ctx.db, entry.courseId, { by: 'offer' });
      if ('refused' in seat && seat.refused !== 'COURSE_FULL') throw seatError(seat);
      const current = await waitlist.lockEntry(ctx.db, entry.id);
      if (current?.status !== 'waiting') throw new AppError('WAITLIST_ENTRY_NOT_OPEN', 'The entry is not waiting');
      if ('refused' in seat) throw seatError(seat);
      await makeOffer(ctx, ctx.db, course, current, admin.id);
    }),
  );
  return courseWaitlist(ctx, entry.courseId);
}

/** POST /waitlist/:id/skip: an admin takes the child off the list (a held offer passes on to the next child). */
export async function skipEntry(ctx: ServiceContext, entryId: string): Promise<CourseWaitlist> {
  const entry = await entryOfCourseAdmin(ctx, entryId);
  if (!(await waitlist.endEntry(ctx.db, entry.id, 'skipped'))) throw new AppError('WAITLIST_ENTRY_NOT_OPEN', 'The entry is not open');
  await settleCourse(ctx, entry.courseId, { skipLocked: false });
  return courseWaitlist(ctx, entry.courseId);
}

/** PUT /courses/:id/waitlist {closed}: closing sends the waiting children away (with an e-mail); offers made stand. */
export async function setWaitlistSettings(ctx: ServiceContext, courseId: string, input: WaitlistSettingsInput): Promise<CourseWaitlist> {
  await requireAccess(ctx, 'course.write', courseId);
  const course = await courses.findCourseDetails(ctx.db, courseId);
  if (!course) throw new AppError('NOT_FOUND', 'Course not found');
  await withTx(ctx, async (ctx) => {
    await courses.setWaitlistClosed(ctx.db, courseId, input.closed);
    if (!input.closed) return;
    for (const entry of await waitlist.closeWaiting(ctx.db, courseId)) await mailGuardian(ctx, ctx.db, course, entry, waitlistClosedEmail);
  });
  return courseWaitlist(ctx, courseId);
}

// ---- returning swimmers first -----------------------------------------------------------------------------------

/** PUT /courses/:id/priority: the earlier courses' children book from now, everyone from Oslo midnight `days` days on. */
export async function setPriority(ctx: ServiceContext, courseId: string, input: CoursePriorityInput): Promise<CoursePriority> {
  await requireAccess(ctx, 'course.write', courseId);
  const ids = [...new Set(input.previousCourseIds)];
  if (ids.includes(courseId)) throw new AppError('VALIDATION', 'Invalid input: a course cannot follow itself');
  const known = new Set(await courses.existingCourseIds(ctx.db, ids));
  if (ids.some((id) => !known.has(id))) throw new AppError('VALIDATION', 'Invalid input: unknown earlier course');
  const [year, month, day] = osloDateKey(ctx.clock.now()).split('-').map(Number) as [number, number, number];
  const openToAllAt = ids.length ? osloMidnight(year, month, day + input.days) : null;
  await ctx.db.transaction((tx) => courses.setPriority(tx, courseId, ids, openToAllAt));
  return { previousCourseIds: ids, openToAllAt: toIso(openToAllAt) };
}

/** GET /courses/:id/priority: the marks as they stand (the admin's form starts from them) and the default window. */
export async function getPriority(ctx: ServiceContext, courseId: string): Promise<CoursePrioritySettings> {
  await requireAccess(ctx, 'course.write', courseId);
  const row = await courses.findPriority(ctx.db, courseId);
  if (!row) throw new AppError('NOT_FOUND', 'Course not found');
  const ids = row.priorityCourseIds;
  return { previousCourseIds: ids, openToAllAt: ids.length ? toIso(row.openToAllAt) : null, defaultDays: (await currentSettings(ctx, 'waitlist')).value.priorityDays };
}

/** The invitations of priority windows that are open and not yet announced: once per window, on one instance. */
export async function sendPriorityInvitations(ctx: ServiceContext): Promise<number> {
  const now = ctx.clock.now();
  return withTx(ctx, async (ctx) => {
    const claimed = await courses.claimPriorityInvitations(ctx.db, now, 20);
    let sent = 0;
    for (const course of claimed) {
      const details = await courses.findCourseDetails(ctx.db, course.id);
      if (!details || !course.openToAllAt) continue;
      const earlier = await courses.findParticipants(ctx.db, course.priorityCourseIds);
      const childrenByProfile = new Map<string, { firstName: string; lastName: string }[]>();
      for (const p of earlier) {
        const list = childrenByProfile.get(p.profileId) ?? [];
        if (!list.some((c) => c.firstName === p.firstName && c.lastName === p.lastName)) list.push(p);
        childrenByProfile.set(p.profileId, list);
      }
      const guardians = await profiles.listGuardians(ctx.db, [...childrenByProfile.keys()]);
      const contacts = await users.findUserContacts(ctx.db, guardians.map((g) => g.userId));
      const told = new Set<string>();
      for (const g of guardians) {
        const contact = contacts.get(g.userId);
        if (!contact?.email || told.has(contact.email)) continue;
        told.add(contact.email);
        await enqueueEmail(
          ctx.db,
          priorityInvitationEmail({
            to: contact.email,
            companyName: ctx.env.site.companyName,
            siteUrl: ctx.env.PUBLIC_URL,
            guardian: contact,
            children: childrenByProfile.get(g.profileId) ?? [],
            course: { name: courseDisplayName(details), placeName: details.placeName, placeSlug: placeSlug(details.placeName) },
            openToAllAt: toDate(course.openToAllAt),
          }),
        );
        sent += 1;
      }
    }
    return sent;
  });
}
