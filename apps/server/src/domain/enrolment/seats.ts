import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { param, prepared } from '../../db/prepared';
import { AppError } from '../../lib/app-error';
import * as courses from '../../repos/courses.repo';
import * as orders from '../../repos/orders.repo';
import * as profiles from '../../repos/profiles.repo';
import * as seats from '../../repos/seats.repo';

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
