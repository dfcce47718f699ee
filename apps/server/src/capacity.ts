import type { DbOrTx } from './db/client';
import * as courses from './repos/courses.repo';
import * as orders from './repos/orders.repo';

/**
 * Places taken on a course: participants plus live payment holds, optionally minus one order. Asked under the
 * course row lock (courses.lockCourse) by booking, by an admin's add or move of a participant and by a course delete.
 */
export async function countTaken(db: DbOrTx, courseId: string, excludeOrderId?: string): Promise<number> {
  // One after the other: inside a transaction they share one connection anyway.
  const enrolled = await courses.countParticipantsOf(db, courseId);
  return enrolled + (await orders.countLiveHolds(db, courseId, excludeOrderId));
}
