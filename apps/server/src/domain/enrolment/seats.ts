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
import * as seats from '../../repos/seats.repo';
import type { QueueOpeningRow, QueueTicketRow } from '../../repos/queue.repo';
import * as waitlist from '../../repos/waitlist.repo';
import { applies, canBook, priorityWindowRuns, type PolicyName, type Refusal, type WaitingRoom } from './policies';

/**
 * The seat ledger (issue 55): every claim on a course's places, and what a booking asks before it claims one. In
 * order: the counts (the one definition of "taken"), the one locked step (reserveSeat), a payment start's way in
 * (holdSeat, behind this process's line for the course lock), enrolment night's waiting room, a family's cool-down, and the
 * booking's question (checkBooking: canBook with the facts it reads).
 */

/**
 * Places taken on a course (the claims of the view seat_claims, seats.takenSql): participants plus live payment holds
 * plus places held by waitlist offers (decision 016) plus the make-ups on its fullest date, optionally minus one order and minus one child's own offer (its parent is the
 * one paying for it). Asked under the course lock by reserveSeat and by a course delete, so a held offer counts as
 * taken everywhere. One statement (one round trip), so under the lock all the counts see the same snapshot, taken
 * after the lock was granted.
 */
export async function countTaken(db: DbOrTx, courseId: string, exclude: seats.SeatExclude = {}): Promise<number> {
  const row = await courses.selectOnCourse(db, courseId, { taken: seats.takenSql(db, courseId, exclude) });
  return Number(row?.taken ?? 0);
}

export interface BookingState {
  /** The child is already a participant of the course. */
  enrolled: boolean;
  /** The child's live hold on the course (a double click), if any. */
  liveHoldId: string | null;
  /** Places taken, the child's own waitlist offer not counted (countTaken with `childId`). */
  taken: number;
}

/** bookingState's questions, as expressions on the course row. */
const bookingStateFields = (db: DbOrTx, courseId: string, childId: string) => ({
  enrolled: sql<boolean>`exists ${courses.participantQuery(db, courseId, childId)}`,
  liveHoldId: sql<string | null>`${orders.liveHoldIdQuery(db, courseId, childId)}`,
  taken: seats.takenSql(db, courseId, { childId }),
});
const toBookingState = (row: { enrolled: boolean; liveHoldId: string | null; taken: string } | undefined): BookingState => ({
  enrolled: row?.enrolled === true,
  liveHoldId: row?.liveHoldId ?? null,
  taken: Number(row?.taken ?? 0),
});

/**
 * What a payment start asks about a course and a child, in one round trip: is the child on it, does it hold a
 * place already, how many places are taken. Before the course row lock it is only a shortcut; under the lock (a
 * statement after lockCourse) it is the truth.
 */
export async function bookingState(db: DbOrTx, courseId: string, childId: string): Promise<BookingState> {
  return toBookingState(await courses.selectOnCourse(db, courseId, bookingStateFields(db, courseId, childId)));
}

/**
 * The course's details (courses.findCourseDetails), the child (profiles.findChild; null when there is none) and the
 * child's bookingState, in the same round trip. Asked by every payment start before the lock: built once
 * (db/prepared.ts). Undefined when there is no such course.
 */
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
 * Which of the children would be told 'full' (countTaken with their own offer not counted is at the maximum, and
 * they are neither on the course nor holding a place on it): one statement for many starts waiting for the same
 * course (booking.service.ts), however many they are.
 */
export async function childrenFacingFull(db: DbOrTx, courseId: string, maximum: number, childIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(childIds)];
  if (ids.length === 0) return new Set();
  const row = await courses.selectOnCourse(db, courseId, {
    taken: seats.takenSql(db, courseId, {}),
    placed: seats.claimantsSql(db, courseId, ['participant', 'hold'], ids),
    offered: seats.claimantsSql(db, courseId, ['offer'], ids),
  });
  if (!row) return new Set();
  const taken = Number(row.taken);
  const skip = new Set(row.placed ?? []);
  const offered = new Set(row.offered ?? []);
  return new Set(ids.filter((id) => !skip.has(id) && taken - (offered.has(id) ? 1 : 0) >= maximum));
}

/**
 * Free places on one date of the course for a make-up child (issue 38): the places taken on every date (participants,
 * holds, offers) and the make-ups already on that date (seats.takenOnDateSql). A booking counts against the fullest
 * date instead (takenSql).
 */
export async function freeOnDate(db: DbOrTx, course: { id: string; maximumParticipants: number }, date: Date): Promise<number> {
  const row = await courses.selectOnCourse(db, course.id, { taken: seats.takenOnDateSql(db, course.id, date) });
  return course.maximumParticipants - Number(row?.taken ?? 0);
}

/** freeOnDate for several dates of one course, in one statement. */
export async function freeOnDates(db: DbOrTx, course: { id: string; maximumParticipants: number }, dates: readonly Date[]) {
  if (dates.length === 0) return [];
  const taken = Object.fromEntries(dates.map((date, i) => [`d${i}`, seats.takenOnDateSql(db, course.id, date)]));
  const row = await courses.selectOnCourse(db, course.id, taken);
  return dates.map((_, i) => course.maximumParticipants - Number(row?.[`d${i}`] ?? 0));
}

/** Free places on the course for a booking, read only (no lock): what a join of the waitlist asks. */
export async function seatsFree(db: DbOrTx, course: { id: string; maximumParticipants: number }): Promise<number> {
  return course.maximumParticipants - (await countTaken(db, course.id));
}

/** Participants and places taken per course, in one statement: the course lists, the admin's and the instructor's. */
export const placesOfCourses = seats.placesOfCourses;

// ---- the one locked step ------------------------------------------------------------------------------------------

/**
 * A claim on a course's places. Who claims decides what is not counted against the claim:
 * - `booking`: a payment start for the child (its own waitlist offer held the place for it; its own live hold, a
 *   double click that raced, is the answer);
 * - `payment`: a paid order enrols its child (the order's own hold and the child's offer reserved this place);
 * - `admin`: an admin adds or moves the child (its own live hold and offer not counted); `override` lets a full
 *   course take the child anyway, and the answer says whether it was used;
 * - `makeup`: a make-up child on one date of the course (freeOnDate);
 * - `offer`: the waitlist holds places for children waiting (the answer says how many are free). `skipLocked`: the job
 *   leaves a course whose lock another transaction holds to its next tick (refused BUSY). `beforeCount`: what the
 *   waitlist frees under the lock before the places are counted (offers that ran out).
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
 * THE locked step of the seat ledger (issue 55): every path that claims a place on a course goes through it — a
 * payment start's hold (holdSeat), a paid order's enrolment, an admin's add or move, a make-up date, the waitlist's
 * offers. It takes the course lock (the course row, FOR UPDATE, for the rest of `tx`), then counts the places taken
 * with the one definition (takenSql), in statements after the lock, so it sees every claim committed before it. The
 * caller writes its claim in the same transaction: the lock is held until it commits.
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
      const ownHold = await orders.findLiveHold(tx, courseId, claim.childId);
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

/**
 * The course lock on several courses at once, in id order, so two transactions locking the same courses cannot
 * deadlock: an admin's move locks both its courses before it claims a place on the new one, and a course delete
 * locks its course before it counts. Undefined when one of them is gone.
 */
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
 * A payment start's claim on a course's places (the seat ledger's way in for booking): its turn in this process's
 * line for the course lock, then ONE transaction in which reserveSeat takes the course lock and counts, and `take` writes the hold.
 * A refusal is thrown as its error; contention on the lock becomes BUSY. `take` gets the child's own live hold, when a
 * parallel request for the same child got there first, and the places free.
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

interface Queued {
  childId: string;
  /** Answers this start at once, while it still waits for its turn. */
  answer(error: AppError): void;
}
interface CourseLockLine {
  /** Settles when the last start queued so far is done: true when it ended BUSY. Never rejects. */
  tail: Promise<boolean>;
  waiting: Set<Queued>;
}
const courseLockLines = new Map<string, CourseLockLine>();
const full = () => new AppError('COURSE_FULL', 'Course is full');

/**
 * One locked transaction per course at a time in this process. Without it a burst of starts for one course (200 on
 * enrolment night) opens a transaction each, and all but one wait on the course row lock while holding a pooled
 * connection, so the whole pool waits on one row. Queued here they hold nothing; the row lock still orders the
 * instances among themselves.
 *
 * A start that waited asks the count again before its transaction, and in the same statement for every start still
 * waiting behind it: those the course is full for are answered 'full' at once (the count was taken after each of them
 * arrived, as the shortcut's is), so a full course costs one query for the whole queue instead of one each. When the
 * one ahead gave up on the lock (BUSY: a stuck transaction holds the row), the ones behind it give up too instead of
 * each waiting out its own lock timeout.
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

/**
 * Enrolment night's waiting room (issue 37, decision 041): what booking and the queue feature both need — which
 * opening governs a course, the per-instance snapshot of an opening, and the gate in front of a payment start.
 */

export const MINUTE = 60_000;

export type CourseTimes = { opensAt: Date | string | null; openToAllAt: Date | string | null; priorityCourseIds: string[] };

/** The priority window's line comes first when the course has one that starts after opens_at. */
export function split(course: CourseTimes): { first: Date; general: Date } | null {
  if (!course.opensAt) return null;
  const first = toDate(course.opensAt);
  const all = course.openToAllAt ? toDate(course.openToAllAt) : null;
  return { first, general: course.priorityCourseIds.length > 0 && all && all > first ? all : first };
}

/**
 * The opening whose line governs this course for this family now: the priority window's (its first moment) while it
 * lasts for returning families, else the general one. null: the course has no opening time.
 */
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

export interface Snapshot {
  at: number;
  opening: QueueOpeningRow | undefined;
  /** The waiting tickets' places, in line order. */
  keys: { id: string; sortKey: number }[];
  /** Every ticket of the opening by family: a polling family's own ticket needs no read of its own. */
  tickets: Map<string, QueueTicketRow>;
}
/**
 * Per opening: the last snapshot made, the one being made (one read at a time per instance), and whether the line
 * moved since (`due`: read again at the next use).
 */
const snapshots = new Map<string, { last?: Snapshot; loading?: Promise<Snapshot>; due?: boolean }>();
/** A snapshot this old is not answered while the next one is read: the poll waits for it (the database is in trouble). */
const STALE_LIMIT_MS = 10_000;
// Tests read their own writes at once (NODE_ENV=test); elsewhere every poll within a second reads one snapshot.
const snapshotMs = (ctx: ServiceContext) => (ctx.env.NODE_ENV === 'test' ? 0 : 1_000);

async function loadSnapshot(ctx: ServiceContext, opensAt: Date): Promise<Snapshot> {
  const [opening, rows] = await Promise.all([queue.findOpening(ctx.db, opensAt), queue.ticketsOf(ctx.db, opensAt)]);
  const keys = rows.filter((t) => !t.admittedAt && !t.leftAt && t.sortKey !== null).map((t) => ({ id: t.id, sortKey: Number(t.sortKey) }));
  return { at: Date.now(), opening, keys, tickets: new Map(rows.map((t) => [t.profileId, t])) };
}

/**
 * The opening's snapshot. One older than a second (or made before the line moved) is still answered while the next one
 * is read, so a waiting family's poll does not queue for a database connection on a busy night; the first read of an
 * opening, and one after STALE_LIMIT_MS, is waited for.
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
 * The gate in front of a payment start (booking.service reserveOrder), for parents (admins pass). Before the opening:
 * BOOKING_NOT_OPEN. While the line runs and has not ended: QUEUE_REQUIRED unless the family's ticket is admitted and
 * inside its window. Returns the opening to mark the ticket done after the hold is made.
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

export async function markDone(ctx: ServiceContext, opensAt: Date, profileId: string): Promise<void> {
  await queue.markDone(ctx.db, opensAt, profileId, ctx.clock.now());
}

// ---- a family's cool-down ----------------------------------------------------------------------------------------

/**
 * A family's lapses (issue 36, decision 035), made here for every view that shows them: the admin's orders and
 * course waitlist, the parent's profile and waitlist. Two things:
 * - `lapses`: its payment holds that ran out unpaid plus its waitlist offers that expired, last 30 days;
 * - `pausedUntil`: after HOLD_LAPSES_BEFORE_COOLDOWN lapsed holds within HOLD_LAPSE_WINDOW_MS, the family's payment
 *   starts wait (429 HOLD_COOLDOWN) until enough of them are older than the window: the end of the pause is the
 *   HOLD_LAPSES_BEFORE_COOLDOWN-th newest lapse plus the window. The payment start asks `paymentPausedUntil`, so the
 *   time shown is the time the refusal ends.
 */

/** How far back `lapses` counts. */
export const LAPSE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The end of the pause from a family's lapse times within the window, newest first (null: no pause). */
function pauseEnd(lapsedAt: readonly Date[]): Date | null {
  const decisive = lapsedAt[HOLD_LAPSES_BEFORE_COOLDOWN - 1];
  return decisive ? new Date(decisive.getTime() + HOLD_LAPSE_WINDOW_MS) : null;
}

/** Until when each of the families cannot start a payment (only families with a pause are in the map). */
async function pausesOf(db: DbOrTx, profileIds: readonly string[]): Promise<Map<string, Date>> {
  const times = await orders.lapseTimesPerProfile(db, profileIds, HOLD_LAPSE_WINDOW_MS);
  const pauses = new Map<string, Date>();
  for (const [profileId, lapsedAt] of times) {
    const end = pauseEnd(lapsedAt);
    if (end) pauses.set(profileId, end);
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
    orders.lapsesPerProfile(db, ids, LAPSE_WINDOW_MS),
    waitlist.expiredOffersPerProfile(db, ids, new Date(now.getTime() - LAPSE_WINDOW_MS)),
    pausesOf(db, ids),
  ]);
  return new Map(
    ids.map((id) => [
      id,
      { lapses: (holds.get(id) ?? 0) + (offers.get(id) ?? 0), pausedUntil: pauses.get(id)?.toISOString() ?? null },
    ]),
  );
}

// ---- the booking's question ---------------------------------------------------------------------------------------

/**
 * What a payment start asks before it claims a place: the course and the child in one round trip, then canBook
 * (policies.ts) with the facts it reads. A refusal is thrown as its error. A fact only a later policy reads is not read
 * when a policy the viewer is not asked stands before it (an admin's override), nor when the child's own hold (a
 * double click) is the answer (`existing`). `opening`: the waiting room's opening to mark done once the hold is made.
 */
export async function checkBooking(ctx: ServiceContext, viewer: SignedIn, courseId: string, childId: string) {
  const { db } = ctx;
  // One round trip for the course, the child, its place on the course and the places taken (the count is asked again
  // under the lock).
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
  // A date cancelled before this booking is neither sold nor covered (issue 52).
  const cancelledDates = existing ? [] : ((await changes.cancelledDatesByCourse(db, [course.id])).get(course.id) ?? []);
  const booking = courseBooking({ ...course, dates, cancelledDates }, now);
  const priority = { courseIds: course.priorityCourseIds, openToAllAt: course.openToAllAt ? toDate(course.openToAllAt) : null };
  const returning = asks('priorityWindow') && priorityWindowRuns(priority, now) ? await courses.tookPartInAny(db, child.id, course.priorityCourseIds) : null;
  const waitingRoom: WaitingRoom = asks('waitingRoom')
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
