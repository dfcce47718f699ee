import { randomBytes } from 'node:crypto';
import { osloDayStart, type WaitingRoomLive, type WaitingRoomPosition, type SetOpeningInput } from '@app/shared';
import { requireAccess } from '../../access/access';
import { signedIn, type ServiceContext } from '../../context';
import { AppError } from '../../lib/app-error';
import * as courses from '../../repos/courses.repo';
import * as profiles from '../../repos/profiles.repo';
import * as queue from '../../repos/queue.repo';
import type { QueueOpeningRow, QueueTicketRow } from '../../repos/queue.repo';
import { arrivalKey, refreshSnapshots, governingOpening, lineRuns, MINUTE, placeIn, seededShuffle, snapshotOf, split } from '../../domain/enrolment/seats';
import { placesOfCourses } from '../../repos/seats.repo';

/** Enrolment night's waiting room (decision 041): early tickets are shuffled once, later ones queue by arrival. */

// ---- the family's side ------------------------------------------------------------------------------------------

async function familyOf(ctx: ServiceContext, profileIds?: readonly string[]): Promise<string> {
  const viewer = signedIn(ctx);
  const ids = profileIds ?? (await profiles.listProfileIdsOf(ctx.db, viewer.id));
  return ids[0] ?? (await profiles.createOwnProfile(ctx.db, viewer.id));
}

type CourseDetails = NonNullable<Awaited<ReturnType<typeof courses.findCourseDetails>>>;
/** The course's times per instance for a second (the position is polled by every waiting family). */
const keptCourses = new Map<string, { at: number; course: Promise<CourseDetails | undefined> }>();

async function visibleCourse(ctx: ServiceContext, courseId: string, kept = false) {
  let course: CourseDetails | undefined;
  if (kept && ctx.env.NODE_ENV !== 'test') {
    const now = Date.now();
    let entry = keptCourses.get(courseId);
    if (!entry || now - entry.at > 1_000) {
      entry = { at: now, course: courses.findCourseDetails(ctx.db, courseId) };
      entry.course.catch(() => keptCourses.delete(courseId));
      keptCourses.set(courseId, entry);
      if (keptCourses.size > 500) keptCourses.delete(keptCourses.keys().next().value!);
    }
    course = await entry.course;
  } else {
    course = await courses.findCourseDetails(ctx.db, courseId);
  }
  if (!course || course.published !== true || !course.placePublished) throw new AppError('NOT_FOUND', 'Course not found');
  return course;
}

async function openingFor(ctx: ServiceContext, course: Awaited<ReturnType<typeof visibleCourse>>, profileId: string, now: Date) {
  const s = split(course);
  if (!s) return null;
  const returning = s.first < s.general && now < s.general ? await queue.familyTookPartInAny(ctx.db, profileId, course.priorityCourseIds) : false;
  return governingOpening(course, returning, now);
}

function view(ctx: ServiceContext, opensAt: Date | null, now: Date, part: Partial<WaitingRoomPosition> & Pick<WaitingRoomPosition, 'state'>): WaitingRoomPosition {
  return {
    opensAt: opensAt?.toISOString() ?? null,
    position: null,
    estimatedWaitSeconds: null,
    admittedUntil: null,
    courseId: null,
    retryAfterMs: ctx.env.QUEUE_POLL_MS,
    now: now.toISOString(),
    ...part,
  };
}

const ratePerMinute = (ctx: ServiceContext, opening: QueueOpeningRow | undefined) => opening?.admitPerMinute ?? ctx.env.QUEUE_ADMIT_PER_MINUTE;

async function positionOf(ctx: ServiceContext, opensAt: Date, ticket: QueueTicketRow | undefined, now: Date): Promise<WaitingRoomPosition> {
  const snap = await snapshotOf(ctx, opensAt);
  const base = { courseId: ticket?.courseId ?? null };
  if (snap.opening?.endedAt) return view(ctx, opensAt, now, { ...base, state: 'full', retryAfterMs: 60_000 });
  if (!lineRuns(ctx.env, opensAt, now)) return view(ctx, opensAt, now, { ...base, state: 'open', retryAfterMs: 60_000 });
  const untilOpening = opensAt.getTime() - now.getTime();
  if (!ticket) return view(ctx, opensAt, now, { state: 'none', retryAfterMs: Math.max(ctx.env.QUEUE_POLL_MS, Math.min(untilOpening, 15_000)) });
  if (ticket.leftAt) return view(ctx, opensAt, now, { ...base, state: 'left', retryAfterMs: 60_000 });
  if (ticket.admittedAt) {
    if (ticket.admitUntil && ticket.admitUntil > now) {
      return view(ctx, opensAt, now, { ...base, state: 'admitted', admittedUntil: ticket.admitUntil.toISOString(), retryAfterMs: 15_000 });
    }
    return view(ctx, opensAt, now, { ...base, state: 'expired', retryAfterMs: 60_000 });
  }
  if (untilOpening > 0) {
    // The countdown: ask again near the opening moment (not before, and not later than 15 s from now).
    return view(ctx, opensAt, now, { ...base, state: 'countdown', retryAfterMs: Math.max(500, Math.min(untilOpening + 250, 15_000)) });
  }
  if (ticket.sortKey === null || !snap.opening?.sealedAt) {
    // The draw at the opening moment is being made: ask again in a second.
    return view(ctx, opensAt, now, { ...base, state: 'waiting', retryAfterMs: 1_000 });
  }
  const position = placeIn(snap.keys, ticket);
  const rate = ratePerMinute(ctx, snap.opening);
  const estimatedWaitSeconds = Math.ceil((position / rate) * 60);
  // The server sets the pace: near the front often, far back seldom (at most every 15 s).
  const retryAfterMs = Math.round(Math.min(15_000, Math.max(ctx.env.QUEUE_POLL_MS, (estimatedWaitSeconds * 1000) / 4)));
  return view(ctx, opensAt, now, { ...base, state: 'waiting', position, estimatedWaitSeconds, retryAfterMs });
}

/** GET /queue/courses/:id/position: the family's place in the line that governs the course (cheap, polled). */
export async function position(ctx: ServiceContext, courseId: string, profileIds?: readonly string[]): Promise<WaitingRoomPosition> {
  const now = ctx.clock.now();
  const course = await visibleCourse(ctx, courseId, true);
  const profileId = await familyOf(ctx, profileIds);
  const opensAt = await openingFor(ctx, course, profileId, now);
  if (!opensAt) return view(ctx, null, now, { state: 'open', retryAfterMs: 60_000 });
  // The ticket as the instance's snapshot has it (at most a second old); read on its own when the snapshot has none.
  const ticket = (await snapshotOf(ctx, opensAt)).tickets.get(profileId) ?? (await queue.findTicket(ctx.db, opensAt, profileId));
  return positionOf(ctx, opensAt, ticket, now);
}

/** POST /queue/courses/:id/ticket: the family's one ticket; after a lapsed window or leaving, again at the back. */
export async function join(ctx: ServiceContext, courseId: string, profileIds?: readonly string[]): Promise<WaitingRoomPosition> {
  const viewer = signedIn(ctx);
  const now = ctx.clock.now();
  const course = await visibleCourse(ctx, courseId);
  const profileId = await familyOf(ctx, profileIds);
  const opensAt = await openingFor(ctx, course, profileId, now);
  if (!opensAt) return view(ctx, null, now, { state: 'open', retryAfterMs: 60_000 });
  await queue.ensureOpening(ctx.db, opensAt);
  const opening = await queue.findOpening(ctx.db, opensAt);
  if (opening?.endedAt || !lineRuns(ctx.env, opensAt, now)) return positionOf(ctx, opensAt, await queue.findTicket(ctx.db, opensAt, profileId), now);
  const sortKey = now >= opensAt ? arrivalKey(now) : null;
  let ticket = await queue.findTicket(ctx.db, opensAt, profileId);
  if (!ticket) {
    ticket = await queue.insertTicket(ctx.db, { opensAt, profileId, userId: viewer.id, courseId: course.id, arrivedAt: now, sortKey });
  } else if (ticket.leftAt || (ticket.admittedAt && ticket.admitUntil && ticket.admitUntil <= now)) {
    ticket = (await queue.rejoinTicket(ctx.db, ticket.id, { userId: viewer.id, courseId: course.id, arrivedAt: now, sortKey })) ?? ticket;
  }
  return positionOf(ctx, opensAt, ticket, now);
}

/** DELETE /queue/courses/:id/ticket: leave the line (the place is given up). */
export async function leave(ctx: ServiceContext, courseId: string, profileIds?: readonly string[]): Promise<WaitingRoomPosition> {
  const now = ctx.clock.now();
  const course = await visibleCourse(ctx, courseId);
  const profileId = await familyOf(ctx, profileIds);
  const opensAt = await openingFor(ctx, course, profileId, now);
  if (!opensAt) return view(ctx, null, now, { state: 'open', retryAfterMs: 60_000 });
  const ticket = await queue.findTicket(ctx.db, opensAt, profileId);
  if (ticket) await queue.leaveTicket(ctx.db, ticket.id, now);
  return positionOf(ctx, opensAt, ticket ? await queue.findTicket(ctx.db, opensAt, profileId) : undefined, now);
}

// ---- the admission job --------------------------------------------------------------------------------------------

/** One tick of the admission job; each opening's row is locked SKIP LOCKED, so the draw and each admission happen once. */
export async function admit(ctx: ServiceContext) {
  const now = ctx.clock.now();
  const result = { sealed: 0, admitted: [] as string[], ended: 0 };
  const env = ctx.env;
  const since = new Date(now.getTime() - env.QUEUE_GATE_MINUTES * MINUTE);
  for (const candidate of await queue.runningOpenings(ctx.db, now, since)) {
    await ctx.db.transaction(async (tx) => {
      const opening = await queue.lockOpeningOrSkip(tx, candidate.opensAt);
      if (!opening || opening.endedAt) return;
      const opensAt = opening.opensAt;
      if (!opening.sealedAt) {
        // The opening moment: the pre-opening group in a random order, once.
        const seed = env.QUEUE_SHUFFLE_SEED ? `${env.QUEUE_SHUFFLE_SEED}:${opensAt.toISOString()}` : randomBytes(16).toString('hex');
        const group = (await queue.unsortedTickets(tx, opensAt)).map((t) => t.id);
        await queue.setSortKeys(tx, seededShuffle(group, seed));
        await queue.updateOpening(tx, opensAt, { sealedAt: now, seed, admittedThrough: opensAt });
        opening.admittedThrough = opensAt;
        result.sealed++;
      }
      // All sold: the line ends at once (everyone in it is offered the waitlist).
      const covered = await queue.coursesOfOpening(tx, opensAt);
      const places = await placesOfCourses(tx, covered.map((c) => c.id));
      if (covered.every((c) => (places.get(c.id)?.taken ?? 0) >= c.maximumParticipants)) {
        await queue.updateOpening(tx, opensAt, { endedAt: now });
        result.ended++;
        return;
      }
      const rate = opening.admitPerMinute ?? env.QUEUE_ADMIT_PER_MINUTE;
      const through = opening.admittedThrough ?? opensAt;
      const due = Math.floor(((now.getTime() - through.getTime()) * rate) / MINUTE);
      if (due <= 0) return;
      const room = Math.max(0, env.QUEUE_MAX_ACTIVE - (await queue.activeAdmitted(tx, opensAt, now)));
      const n = Math.min(due, room);
      const admitted = await queue.admitNext(tx, opensAt, n, now, new Date(now.getTime() + env.QUEUE_ADMIT_MINUTES * MINUTE));
      result.admitted.push(...admitted.map((t) => t.id));
      // Unused admissions are not banked (a ceiling or an empty line does not store up a burst for later).
      const next = admitted.length === due ? new Date(through.getTime() + Math.ceil((due * MINUTE) / rate)) : now;
      await queue.updateOpening(tx, opensAt, { admittedThrough: next });
    });
  }
  if (result.sealed || result.admitted.length || result.ended) refreshSnapshots();
  return result;
}

// ---- the admin's side ---------------------------------------------------------------------------------------------

/** PUT /queue/openings: the opening time of picked courses, or of a season's courses (date range, venue). */
export async function setOpening(ctx: ServiceContext, input: SetOpeningInput): Promise<{ updated: number; courseIds: string[] }> {
  let ids: string[];
  if (input.courseIds) {
    const existing = await courses.existingCourseIds(ctx.db, input.courseIds);
    if (existing.length !== new Set(input.courseIds).size) throw new AppError('NOT_FOUND', 'Course not found');
    ids = existing;
  } else {
    ids = await queue.seasonCourseIds(ctx.db, osloDayStart(input.from!), osloDayStart(input.to!, 1), input.placeId);
  }
  for (const id of ids) await requireAccess(ctx, 'course.write', id);
  const opensAt = input.opensAt ? new Date(input.opensAt) : null;
  const changed = await queue.setOpensAt(ctx.db, ids, opensAt);
  if (opensAt) await queue.ensureOpening(ctx.db, opensAt);
  return { updated: changed.length, courseIds: changed };
}

/** PUT /queue/openings/:opensAt/rate: the admission rate of one opening, live. */
export async function setRate(ctx: ServiceContext, opensAtIso: string, admitPerMinute: number): Promise<{ ok: true }> {
  const opensAt = new Date(opensAtIso);
  if (!(await queue.findOpening(ctx.db, opensAt))) throw new AppError('NOT_FOUND', 'Opening not found');
  await queue.updateOpening(ctx.db, opensAt, { admitPerMinute });
  refreshSnapshots();
  return { ok: true };
}

/** GET /queue/live: the night as the admin sees it (polled: no session activity). */
export async function live(ctx: ServiceContext): Promise<WaitingRoomLive> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - ctx.env.QUEUE_GATE_MINUTES * MINUTE);
  const openings = [];
  for (const opening of await queue.openingsSince(ctx.db, since)) {
    const covered = await queue.coursesOfOpening(ctx.db, opening.opensAt);
    if (covered.length === 0) continue;
    const places = await placesOfCourses(ctx.db, covered.map((c) => c.id));
    const counts = await queue.countsOf(ctx.db, opening.opensAt, now);
    const state = opening.endedAt ? 'ended' : opening.opensAt > now ? 'upcoming' : lineRuns(ctx.env, opening.opensAt, now) ? 'running' : 'done';
    openings.push({
      opensAt: opening.opensAt.toISOString(),
      state: state as 'ended' | 'upcoming' | 'running' | 'done',
      ...counts,
      admitPerMinute: ratePerMinute(ctx, opening),
      maxActive: ctx.env.QUEUE_MAX_ACTIVE,
      paymentsInProgress: await queue.paymentsInProgress(ctx.db, covered.map((c) => c.id)),
      courses: covered.map((c) => ({
        _id: c.id,
        name: c.name,
        placeName: c.placeName,
        maximumParticipants: c.maximumParticipants,
        freePlaces: Math.max(0, c.maximumParticipants - (places.get(c.id)?.taken ?? 0)),
      })),
    });
  }
  return { now: now.toISOString(), openings };
}
