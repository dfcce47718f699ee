import { busyAsAppError } from '../../db/busy';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { childrenFacingFull, reserveSeat, seatError, type SeatAnswer } from './seats';

/**
 * A payment start's claim on a course's places (the seat ledger's way in for booking): its turn in this process's
 * course queue, then ONE transaction in which reserveSeat takes the course lock and counts, and `take` writes the hold.
 * A refusal is thrown as its error; contention on the lock becomes BUSY. `take` gets the child's own live hold, when a
 * parallel request for the same child got there first, and the places free.
 */
export function holdSeat<T>(
  db: Db,
  course: { id: string; maximumParticipants: number },
  childId: string,
  take: (tx: DbOrTx, seat: Extract<SeatAnswer, { ok: true }>) => Promise<T>,
): Promise<T> {
  return inCourseQueue(db, course, childId, () =>
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
interface CourseQueue {
  /** Settles when the last start queued so far is done: true when it ended BUSY. Never rejects. */
  tail: Promise<boolean>;
  waiting: Set<Queued>;
}
const courseQueues = new Map<string, CourseQueue>();
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
export async function inCourseQueue<T>(db: Db, course: { id: string; maximumParticipants: number }, childId: string, work: () => Promise<T>): Promise<T> {
  const existing = courseQueues.get(course.id);
  const queue: CourseQueue = existing ?? { tail: Promise.resolve(false), waiting: new Set() };
  if (!existing) courseQueues.set(course.id, queue);
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
    if (queue.tail === settled && courseQueues.get(course.id) === queue) courseQueues.delete(course.id);
  });
  return Promise.race([run, early]);
}
