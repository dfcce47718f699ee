import type { DbOrTx } from './db/client';
import * as courses from './repos/courses.repo';
import * as orders from './repos/orders.repo';
import * as waitlist from './repos/waitlist.repo';

/**
 * Places taken on a course: participants plus live payment holds plus places held by waitlist offers (decision 016),
 * optionally minus one order and minus one child's own offer (its parent is the one paying for it). Asked under the
 * course row lock (courses.lockCourse) by booking, by an admin's add or move of a participant, by a course delete
 * and by the waitlist job, so a held offer counts as taken everywhere.
 */
export async function countTaken(db: DbOrTx, courseId: string, exclude: { orderId?: string; childId?: string } = {}): Promise<number> {
  // One after the other: inside a transaction they share one connection anyway.
  const enrolled = await courses.countParticipantsOf(db, courseId);
  const held = await orders.countLiveHolds(db, courseId, exclude.orderId);
  return enrolled + held + (await waitlist.countHeldOffers(db, courseId, exclude.childId));
}
