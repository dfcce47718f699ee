import { sql } from 'drizzle-orm';
import { courseBooking, HOLD_LAPSE_WINDOW_MS, HOLD_LAPSES_BEFORE_COOLDOWN, toDate, type FamilyLapses } from '@app/shared';
import type { ServiceContext, SignedIn } from '../../context';
import { busyAsAppError } from '../../db/busy';
import type { Db, DbOrTx } from '../../db/client';
import { param, prepared } from '../../db/prepared';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import * as changes from '../../repos/changes.repo';
import * as courses from '../../repos/courses.repo';
import * as orders from '../../repos/orders.repo';
import * as profiles from '../../repos/profiles.repo';
import * as queue from '../../repos/queue.repo';
import * as rollovers from '../../repos/rollovers.repo';
import * as seats from '../../repos/seats.repo';
import type { QueueTicketRow } from '../../repos/queue.repo';
import * as waitlist from '../../repos/waitlist.repo';
import { applies, canBook, priorityWindowRuns, type PolicyName, type Refusal, type WaitingRoom } from './policies';

/**
 * The seat ledger: every claim on a course's places (counts, the locked step reserveSeat, holdSeat's line for the
 * course lock), enrolment night's waiting room, a family's cool-down, and the booking's question (checkBooking).
 */

/**
 * Places taken on a course (seats.takenSql, the view seat_claims: participants, live holds, held waitlist offers
 * (decision 016), make-ups on its fullest date), optionally minus one order and one child's own offer. One statement,
 * so under the course lock every count sees the same snapshot, taken after the lock was granted.
 */
export async function countTaken(db: DbOrTx, courseId: string, exclude: seats.SeatExclude = {}): Promise<number> {
  const row = await courses.selectOnCourse(db, courseId, { taken: seats.takenSql(db, courseId, exclude) });
  return Number(row?.taken ?? 0);
}

/** bookingState's questions, as expressions on the course row; `taken` leaves out the child's own waitlist offer. */
const bookingStateFields = (db: DbOrTx, courseId: string, childId: string) => ({
  enrolled: sql<boolean>`exists ${courses.participantQuery(db, courseId, childId)}`,
  liveHoldId: sql<string | null>`${orders.liveHoldIdQuery(db, courseId, childId)}`,
  taken: seats.takenSql(db, courseId, { childId }),
});
const toBookingState = (row: { enrolled: boolean; liveHoldId: string | null; taken: string } | undefined) => ({
  enrolled: row?.enrolled === true,
  liveHoldId: row?.liveHoldId ?? null,
  taken: Number(row?.taken ?? 0),
});

/** Is the child on the course, does it hold a place, how many are taken: a shortcut before the course lock, the truth under it. */
export async function bookingState(db: DbOrTx, courseId: string, childId: string) {
  return toBookingState(await courses.selectOnCourse(db, courseId, bookingStateFields(db, courseId, childId)));
}

/** The course's details, the child (null: none) and bookingState in one prepared round trip; undefined: no course. */
export async function courseAndBookingState(db: Db, courseId: string, childId: string) {
  const statement = prepared(db, 'course_and_booking_state', (name) =>
    courses
      .courseDetailsWithQuery(db, param('courseId'), { ...bookingStateFields(db, param('courseId'), param('childId')), child: profiles.childQuery(param('childId')) })
      .prepare(name),
  );
  const [row] = await statement.execute({ courseId, childId });
  if (!row) return undefined;
  const { enrolled, liveHoldId, taken, child, ...course } = row;
  return { course, child, state: toBookingState({ enrolled, liveHoldId, taken }) };
}

/**
 * Which of the children would be told 'full' (taken, their own offer not counted, is at the maximum, and they are
 * neither on the course nor holding a place): one statement for all the starts waiting for the course.
 */
export async function childrenFacingFull(db: DbOrTx, courseId: string, maximum: number, childIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(childIds)];
  if (ids.length === 0) return new Set();
  const row = await courses.selectOnCourse(db, courseId, {
    taken: seats.takenSql(db, courseId, {}),
    placed: seats.claimantsSql(db, courseId, ['participant', 'hold'], ids),
    offered: seats.claimantsSql(db, courseId, ['offer', 'rollover'], ids),
  });
  if (!row) return new Set();
  const taken = Number(row.taken);
  const skip = new Set(row.placed ?? []);
  const offered = new Set(row.offered ?? []);
  return new Set(ids.filter((id) => !skip.has(id) && taken - (offered.has(id) ? 1 : 0) >= maximum));
}

/** Free places on one date for a make-up child (seats.freeOnDateSql); a booking counts the fullest date instead. */
export async function freeOnDate(db: DbOrTx, course: { id: string }, date: Date, options: { limit?: boolean } = {}): Promise<number> {
  const row = await courses.selectOnCourse(db, course.id, { free: seats.freeOnDateSql(db, course.id, date, options) });
  return Number(row?.free ?? 0);
}

/** freeOnDate for several dates of one course, in one statement. */
export async function freeOnDates(db: DbOrTx, course: { id: string }, dates: readonly Date[]) {
  if (dates.length === 0) return [];
  const free = Object.fromEntries(dates.map((date, i) => [`d${i}`, seats.freeOnDateSql(db, course.id, date)]));
  const row = await courses.selectOnCourse(db, course.id, free);
  return dates.map((_, i) => Number(row?.[`d${i}`] ?? 0));
}

/** Free places on the course for a booking, read only (no lock): what a join of the waitlist asks. */
export async function seatsFree(db: DbOrTx, course: { id: string; maximumParticipants: number }): Promise<number> {
  return course.maximumParticipants - (await countTaken(db, course.id));
}

// ---- the one locked step ------------------------------------------------------------------------------------------

/**
 * A claim on a course's places; who claims decides what is not counted against it:
 * - `booking`: a payment start (its own offer held the place; its own live hold, a raced double click, is the answer);
 * - `payment`: a paid order enrols its child (its own hold and the child's offer reserved this place);
 * - `admin`: an admin adds or moves the child (own hold and offer not counted); `override` takes a full course anyway;
 * - `makeup`: a make-up child on one date (freeOnDate);
 * - `offer`: the waitlist holds places. `skipLocked`: a course locked elsewhere waits for the job's next tick (BUSY);
 *   `beforeCount`: what the waitlist frees under the lock before counting (offers that ran out).
 */
export type SeatClaim =
  | { by: 'booking'; childId: string }
  | { by: 'payment'; childId: string; orderId: string }
  | { by: 'admin'; childId: string; override: boolean }
  | { by: 'makeup'; date: Date }
  | { by: 'offer'; skipLocked?: boolean; beforeCount?: (tx: DbOrTx) => Promise<void> };

export type LockedCourse = NonNullable<Awaited<ReturnType<typeof courses.lockCourse>>>;

export type SeatRefusal = 'NOT_FOUND' | 'BUSY' | 'CHILD_ALREADY_IN_COURSE' | 'COURSE_FULL';

export type SeatAnswer =
  | {
      ok: true;
      course: LockedCourse;
      /** Places free for this claim before it is taken (below 1 only when an admin's override was used). */
      free: number;
      /** `booking`: the child's live hold on the course, which is the answer instead of a new one. */
      ownHoldId: string | null;
      /** `admin`: the course was full and the admin's override placed the child anyway. */
      overrideUsed: boolean;
    }
  | { refused: SeatRefusal };

const refused = (code: SeatRefusal): SeatAnswer => ({ refused: code });

/**
 * THE locked step: every path that claims a place goes through it. It takes the course lock (the course row, FOR
 * UPDATE, for the rest of `tx`), then counts with takenSql in statements after the lock, so it sees every claim
 * committed before it. The caller writes its claim in the same transaction, under the lock until it commits.
 */
export async function reserveSeat(tx: DbOrTx, courseId: string, claim: SeatClaim): Promise<SeatAnswer> {
  const course = await courses.lockCourse(tx, courseId, { skipLocked: claim.by === 'offer' && claim.skipLocked === true });
  if (!course) return refused(claim.by === 'offer' && claim.skipLocked ? 'BUSY' : 'NOT_FOUND');
  const answer = (free: number, more: { ownHoldId?: string | null; overrideUsed?: boolean } = {}): SeatAnswer =>
    free > 0 || more.overrideUsed || more.ownHoldId
      ? { ok: true, course, free, ownHoldId: more.ownHoldId ?? null, overrideUsed: more.overrideUsed ?? false }
      : refused('COURSE_FULL');
  switch (claim.by) {
    case 'booking': {
      const state = await bookingState(tx, courseId, claim.childId);
      if (state.enrolled) return refused('CHILD_ALREADY_IN_COURSE');
      return answer(course.maximumParticipants - state.taken, { ownHoldId: state.liveHoldId });
    }
    case 'payment': {
      if (await courses.findParticipant(tx, courseId, claim.childId)) return refused('CHILD_ALREADY_IN_COURSE');
      // An expired hold competes afresh: only a live one is a claim (seat_claims), so only a live one is left out.
      return answer(course.maximumParticipants - (await countTaken(tx, courseId, { orderId: claim.orderId, childId: claim.childId })));
    }
    case 'admin': {
      if (await courses.findParticipant(tx, courseId, claim.childId)) return refused('CHILD_ALREADY_IN_COURSE');
      // A parent paying for this very child must not make the course look fuller.
      const [ownHold] = await orders.liveHoldIdQuery(tx, courseId, claim.childId);
      const free = course.maximumParticipants - (await countTaken(tx, courseId, { orderId: ownHold?.id, childId: claim.childId }));
      return answer(free, { overrideUsed: free <= 0 && claim.override });
    }
    case 'makeup':
      return answer(await freeOnDate(tx, course, claim.date));
    case 'offer':
      await claim.beforeCount?.(tx);
      return answer(course.maximumParticipants - (await countTaken(tx, courseId)));
  }
}

/** The course lock on several courses, in id order so two transactions cannot deadlock; undefined when one is gone. */
export async function lockCourses(tx: DbOrTx, courseIds: readonly string[]): Promise<LockedCourse[] | undefined> {
  const locked: LockedCourse[] = [];
  for (const id of [...new Set(courseIds)].sort()) {
    const row = await courses.lockCourse(tx, id);
    if (!row) return undefined;
    locked.push(row);
  }
  return locked;
}

const SEAT_MESSAGES: Record<SeatRefusal, string> = {
  NOT_FOUND: 'Course not found',
  BUSY: 'The booking system is busy, try again',
  CHILD_ALREADY_IN_COURSE: 'Child is already in course',
  COURSE_FULL: 'Course is full',
};

/** A refusal as the error a route answers, with today's message for its code. */
export const seatError = (answer: { refused: SeatRefusal }, message = SEAT_MESSAGES[answer.refused]) => new AppError(answer.refused, message);

// ---- a payment start's way in: holdSeat, in line for the course lock -------------------------------------------------

/**
 * A payment start's claim: its turn in this process's line for the course lock, then ONE transaction in which
 * reserveSeat locks and counts and `take` writes the hold. A refusal is thrown; contention on the lock becomes BUSY.
 */
export function holdSeat<T>(
  db: Db,
  course: { id: string; maximumParticipants: number },
  childId: string,
  take: (tx: DbOrTx, seat: Extract<SeatAnswer, { ok: true }>) => Promise<T>,
): Promise<T> {
  return inLineForCourseLock(db, course, childId, () =>
    busyAsAppError(() =>
      db.transaction(async (tx) => {
        const seat = await reserveSeat(tx, course.id, { by: 'booking', childId });
        if ('refused' in seat) throw seatError(seat);
        return take(tx, seat);
      }),
    ),
  );
}

/** `answer`: answers this start at once, while it still waits for its turn. */
type Queued = { childId: string; answer(error: AppError): void };
/** `tail` settles (never rejects) when the last start queued so far is done: true when it ended BUSY. */
type CourseLockLine = { tail: Promise<boolean>; waiting: Set<Queued> };
const courseLockLines = new Map<string, CourseLockLine>();
const full = () => new AppError('COURSE_FULL', 'Course is full');

/**
 * One locked transaction per course at a time in this process: otherwise a burst of starts (200 on enrolment night)
 * holds a pooled connection each while waiting on one row lock. The row lock still orders the instances.
 * A start that waited counts again, in one statement for everyone still behind it: those the course is full for are
 * answered 'full' at once. When the one ahead ended BUSY (a stuck transaction), those behind give up too.
 */
export async function inLineForCourseLock<T>(db: Db, course: { id: string; maximumParticipants: number }, childId: string, work: () => Promise<T>): Promise<T> {
  const existing = courseLockLines.get(course.id);
  const queue: CourseLockLine = existing ?? { tail: Promise.resolve(false), waiting: new Set() };
  if (!existing) courseLockLines.set(course.id, queue);
  let answered: AppError | undefined;
  let answerNow!: (error: AppError) => void;
  const early = new Promise<never>((_resolve, reject) => {
    answerNow = (error) => {
      answered = error;
      reject(error);
    };
  });
  early.catch(() => undefined);
  const me: Queued = { childId, answer: answerNow };
  if (existing) queue.waiting.add(me);

  const run = queue.tail.then(async (busyAhead) => {
    queue.waiting.delete(me);
    if (answered) throw answered;
    if (busyAhead) throw new AppError('BUSY', 'The booking system is busy, try again');
    if (existing) {
      // Others went first: the shortcut's count may be stale.
      const behind = [...queue.waiting];
      const facingFull = await childrenFacingFull(db, course.id, course.maximumParticipants, [childId, ...behind.map((q) => q.childId)]);
      for (const q of behind) {
        if (facingFull.has(q.childId)) {
          queue.waiting.delete(q);
          q.answer(full());
        }
      }
      if (facingFull.has(childId)) throw full();
    }
    return work();
  });
  const settled = run.then(
    () => false,
    (error: unknown) => error instanceof AppError && error.code === 'BUSY',
  );
  queue.tail = settled;
  void settled.then(() => {
    if (queue.tail === settled && courseLockLines.get(course.id) === queue) courseLockLines.delete(course.id);
  });
  return Promise.race([run, early]);
}

// ---- the waiting room ---------------------------------------------------------------------------------------------

/** Enrolment night's waiting room (decision 041): the governing opening, the per-instance snapshot, the gate. */

export const MINUTE = 60_000;

export type CourseTimes = { opensAt: Date | string | null; openToAllAt: Date | string | null; priorityCourseIds: string[] };

/** The priority window's line comes first when the course has one that starts after opens_at. */
export function split(course: CourseTimes): { first: Date; general: Date } | null {
  if (!course.opensAt) return null;
  const first = toDate(course.opensAt);
  const all = course.openToAllAt ? toDate(course.openToAllAt) : null;
  return { first, general: course.priorityCourseIds.length > 0 && all && all > first ? all : first };
}

/** The opening whose line governs now: the priority window's for returning families while it lasts, else the general one. */
export function governingOpening(course: CourseTimes, returning: boolean, now: Date): Date | null {
  const s = split(course);
  if (!s) return null;
  return returning && now < s.general ? s.first : s.general;
}

/** Whether the line of `opensAt` still governs booking at `now` (it may also have ended, see the opening row). */
export const lineRuns = (env: Env, opensAt: Date, now: Date) => now.getTime() < opensAt.getTime() + env.QUEUE_GATE_MINUTES * MINUTE;

/** A seedable shuffle (mulberry32 + Fisher–Yates): the same seed gives the same order. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Arrival after the opening: the arrival instant in microseconds (far above the shuffled group's 0…n-1). */
export const arrivalKey = (at: Date) => at.getTime() * 1000;

// ---- per-instance snapshot of an opening (positions are read from it; refreshed at most once a second) ---------

type Snapshot = Awaited<ReturnType<typeof loadSnapshot>>;
/** Per opening: the last snapshot, the one being read (one at a time), and `due`: the line moved, read again. */
const snapshots = new Map<string, { last?: Snapshot; loading?: Promise<Snapshot>; due?: boolean }>();
/** A snapshot this old is not answered while the next one is read: the poll waits for it (the database is in trouble). */
const STALE_LIMIT_MS = 10_000;
// Tests read their own writes at once (NODE_ENV=test); elsewhere every poll within a second reads one snapshot.
const snapshotMs = (ctx: ServiceContext) => (ctx.env.NODE_ENV === 'test' ? 0 : 1_000);

/** `keys`: the waiting tickets' places in line order; `tickets`: every ticket by family (a poll needs no read of its own). */
async function loadSnapshot(ctx: ServiceContext, opensAt: Date) {
  const [opening, rows] = await Promise.all([queue.findOpening(ctx.db, opensAt), queue.ticketsOf(ctx.db, opensAt)]);
  const keys = rows.filter((t) => !t.admittedAt && !t.leftAt && t.sortKey !== null).map((t) => ({ id: t.id, sortKey: Number(t.sortKey) }));
  return { at: Date.now(), opening, keys, tickets: new Map(rows.map((t) => [t.profileId, t])) };
}

/**
 * The opening's snapshot. A stale one is still answered while the next is read, so polls do not queue for a database
 * connection on a busy night; the first read, and one older than STALE_LIMIT_MS, is waited for.
 */
export async function snapshotOf(ctx: ServiceContext, opensAt: Date): Promise<Snapshot> {
  if (snapshotMs(ctx) === 0) return loadSnapshot(ctx, opensAt);
  const key = opensAt.toISOString();
  let entry = snapshots.get(key);
  if (!entry) {
    entry = {};
    snapshots.set(key, entry);
    if (snapshots.size > 50) snapshots.delete(snapshots.keys().next().value!);
  }
  const { last } = entry;
  const age = last ? Date.now() - last.at : Infinity;
  if (last && !entry.due && age < snapshotMs(ctx)) return last;
  if (!entry.loading) {
    const kept = entry;
    kept.due = false;
    const loading = loadSnapshot(ctx, opensAt);
    kept.loading = loading;
    loading.then(
      (s) => {
        kept.last = s;
        if (kept.loading === loading) kept.loading = undefined;
      },
      () => {
        if (kept.loading === loading) kept.loading = undefined;
      },
    );
  }
  return last && age < STALE_LIMIT_MS ? last : entry.loading!;
}

/** The line moved (an admission, a new rate): every kept snapshot is read again at its next use. */
export function refreshSnapshots(): void {
  for (const entry of snapshots.values()) entry.due = true;
}

/** 1-based place among the waiting, from the snapshot (binary search). */
export function placeIn(keys: Snapshot['keys'], ticket: QueueTicketRow): number {
  const k = Number(ticket.sortKey);
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const e = keys[mid]!;
    if (e.sortKey < k || (e.sortKey === k && e.id < ticket.id)) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
}

/**
 * The gate in front of a parent's payment start: BOOKING_NOT_OPEN before the opening; while the line runs,
 * QUEUE_REQUIRED unless the family's ticket is admitted and in its window. Returns the opening to mark done.
 */
export async function gate(
  ctx: ServiceContext,
  course: CourseTimes,
  profileId: string,
  returning: () => Promise<boolean>,
): Promise<Date | null> {
  const s = split(course);
  if (!s) return null;
  const now = ctx.clock.now();
  if (now < s.first) throw new AppError('BOOKING_NOT_OPEN', 'Booking has not opened', { opensAt: s.first.toISOString() });
  const opensAt = governingOpening(course, s.first < s.general && now < s.general ? await returning() : false, now);
  if (!opensAt) return null;
  if (now < opensAt) throw new AppError('BOOKING_NOT_OPEN', 'Booking has not opened', { opensAt: opensAt.toISOString() });
  if (!lineRuns(ctx.env, opensAt, now)) return null;
  const snap = await snapshotOf(ctx, opensAt);
  if (snap.opening?.endedAt) return null;
  const ticket = await queue.findTicket(ctx.db, opensAt, profileId);
  if (!ticket || ticket.leftAt || !ticket.admittedAt || !ticket.admitUntil || ticket.admitUntil <= now) {
    throw new AppError('QUEUE_REQUIRED', 'Join the queue first', { opensAt: opensAt.toISOString() });
  }
  return opensAt;
}

// ---- a family's cool-down ----------------------------------------------------------------------------------------

// A family's lapses (decision 035): `lapses` counts unpaid lapsed holds and expired offers of the last 30 days;
// `pausedUntil` (429 HOLD_COOLDOWN) ends when the HOLD_LAPSES_BEFORE_COOLDOWN-th newest lapse leaves the window.
const LAPSE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** Until when each of the families cannot start a payment (only families with a pause are in the map). */
async function pausesOf(db: DbOrTx, profileIds: readonly string[]): Promise<Map<string, Date>> {
  const times = await orders.lapseTimesPerProfile(db, profileIds, HOLD_LAPSE_WINDOW_MS);
  const pauses = new Map<string, Date>();
  for (const [profileId, lapsedAt] of times) {
    const decisive = lapsedAt[HOLD_LAPSES_BEFORE_COOLDOWN - 1];
    if (decisive) pauses.set(profileId, new Date(decisive.getTime() + HOLD_LAPSE_WINDOW_MS));
  }
  return pauses;
}

/** The payment start's question: until when the family waits, or null. */
export async function paymentPausedUntil(db: DbOrTx, profileId: string): Promise<Date | null> {
  return (await pausesOf(db, [profileId])).get(profileId) ?? null;
}

/** Each family's lapses and pause (every profile id asked is in the map). */
export async function familyLapses(db: DbOrTx, profileIds: readonly string[], now: Date): Promise<Map<string, FamilyLapses>> {
  const ids = [...new Set(profileIds)];
  const [holds, offers, pauses] = await Promise.all([
    orders.lapseTimesPerProfile(db, ids, LAPSE_WINDOW_MS),
    waitlist.expiredOffersPerProfile(db, ids, new Date(now.getTime() - LAPSE_WINDOW_MS)),
    pausesOf(db, ids),
  ]);
  return new Map(
    ids.map((id) => [
      id,
      { lapses: (holds.get(id)?.length ?? 0) + (offers.get(id) ?? 0), pausedUntil: pauses.get(id)?.toISOString() ?? null },
    ]),
  );
}

// ---- the booking's question ---------------------------------------------------------------------------------------

/**
 * What a payment start asks before it claims a place: canBook (policies.ts) with the facts it reads, a refusal thrown.
 * A fact is not read when its policy is not asked of the viewer, nor when the child's own hold is the answer (`existing`).
 */
export async function checkBooking(ctx: ServiceContext, viewer: SignedIn, courseId: string, childId: string) {
  const { db } = ctx;
  const found = await courseAndBookingState(db, courseId, childId);
  const visible = !!found && found.course.published === true && found.course.placePublished;
  if (!found || (!visible && !viewer.isAdmin)) throw new AppError('NOT_FOUND', 'Course not found');
  const { course, child, state } = found;
  // Deleted since the access check a moment ago.
  if (!child) throw new AppError('NOT_FOUND', 'Child not found');
  const existing = state.liveHoldId ? await orders.findOrderById(db, state.liveHoldId) : undefined;
  const asks = (policy: PolicyName) => !existing && applies(policy, viewer);
  const now = ctx.clock.now();
  const dates = course.dates.map(toDate);
  // A date cancelled before this booking is neither sold nor covered.
  const cancelledDates = existing ? [] : ((await changes.cancelledDatesByCourse(db, [course.id])).get(course.id) ?? []);
  const booking = courseBooking({ ...course, dates, cancelledDates }, now);
  const priority = { courseIds: course.priorityCourseIds, openToAllAt: course.openToAllAt ? toDate(course.openToAllAt) : null };
  // 'Behold plassen' (decision 060): a child with a live rollover reservation on the course neither queues nor waits
  // for the opening; the rollover filled the course's priority courses, so only such a course is asked.
  const reserved = !existing && course.priorityCourseIds.length > 0 && (await rollovers.hasLiveReservation(db, course.id, child.id, now));
  const returning = reserved ? true : asks('priorityWindow') && priorityWindowRuns(priority, now) ? await courses.tookPartInAny(db, child.id, course.priorityCourseIds) : null;
  const waitingRoom: WaitingRoom = asks('waitingRoom') && !reserved
    ? await gate(ctx, course, child.profileId, () => queue.familyTookPartInAny(db, child.profileId, course.priorityCourseIds)).then((opensAt) => ({ opensAt }), asRefusal)
    : { opensAt: null };
  const pausedUntil = asks('coolDown') ? await paymentPausedUntil(db, child.profileId) : null;
  const decision = canBook(
    {
      now,
      published: course.published === true,
      enrolled: state.enrolled,
      ownHold: !!existing,
      courseState: booking.state,
      age: { ageMinMonths: course.ageMinMonths, ageMaxMonths: course.ageMaxMonths, birthdate: child.birthdate, firstDate: dates[0] ?? null },
      priority: { ...priority, returning },
      waitingRoom,
      paymentsAvailable: !!ctx.payments.client,
      pausedUntil,
    },
    viewer,
  );
  if ('refused' in decision) throw new AppError(decision.refused, decision.message, decision.params);
  return { course, child, state, booking, existing, opening: 'opensAt' in waitingRoom ? waitingRoom.opensAt : null };
}

export type BookingCheck = Awaited<ReturnType<typeof checkBooking>>;

/** The waiting room's refusal (an AppError the gate throws) as a fact for canBook. */
function asRefusal(error: unknown): Refusal {
  if (!(error instanceof AppError)) throw error;
  return { refused: error.code, message: error.message, ...(error.params ? { params: error.params } : {}) };
}
