import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { param, prepared } from '../../db/prepared';
import * as courses from '../../repos/courses.repo';
import * as orders from '../../repos/orders.repo';
import * as profiles from '../../repos/profiles.repo';
import * as waitlist from '../../repos/waitlist.repo';

type Exclude = { orderId?: string; childId?: string };

/** participants + live holds + held offers: the one definition (courses.takenSql), also behind the public lists. */
const takenSql = (db: DbOrTx, courseId: string, exclude: Exclude) => courses.takenSql(db, courseId, exclude);

/**
 * Places taken on a course: participants plus live payment holds plus places held by waitlist offers (decision 016),
 * optionally minus one order and minus one child's own offer (its parent is the one paying for it). Asked under the
 * course row lock (courses.lockCourse) by booking, by an admin's add or move of a participant, by a course delete
 * and by the waitlist job, so a held offer counts as taken everywhere. One statement (one round trip), so under the
 * lock all three counts see the same snapshot, taken after the lock was granted.
 */
export async function countTaken(db: DbOrTx, courseId: string, exclude: Exclude = {}): Promise<number> {
  const row = await courses.selectOnCourse(db, courseId, { taken: takenSql(db, courseId, exclude) });
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
  taken: takenSql(db, courseId, { childId }),
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
    taken: takenSql(db, courseId, {}),
    enrolled: sql<string[]>`array${courses.participantChildIdsQuery(db, courseId, ids)}`,
    holding: sql<string[]>`array${orders.liveHoldChildIdsQuery(db, courseId, ids)}`,
    offered: sql<string[]>`array${waitlist.heldOfferChildIdsQuery(db, courseId, ids)}`,
  });
  if (!row) return new Set();
  const taken = Number(row.taken);
  const skip = new Set([...(row.enrolled ?? []), ...(row.holding ?? [])]);
  const offered = new Set(row.offered ?? []);
  return new Set(ids.filter((id) => !skip.has(id) && taken - (offered.has(id) ? 1 : 0) >= maximum));
}
