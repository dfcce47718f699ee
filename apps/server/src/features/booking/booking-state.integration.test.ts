import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingState, childrenFacingFull, countTaken } from '../../domain/enrolment/seats';
import type { Database } from '../../db/client';
import { waitlistEntries } from '../../db/schema';
import { createCourse, createFamily, createOrder } from '../../db/seed/builders';
import { createTestDatabase } from '../../test/db';

/**
 * The one-statement counts a payment start asks (domain/enrolment/seats.ts): per child (bookingState) and for a queue of children
 * at once (childrenFacingFull, booking.service.ts's course queue) they must agree with each other and with countTaken.
 */
describe('booking state in one statement', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('participants, live holds and held offers; a child is not counted against by its own offer', async () => {
    const db = database.db;
    const course = await createCourse(db, { maximumParticipants: 4, participants: 1 });
    const enrolled = course.participantChildIds[0]!;
    const [free, holding, offered, other] = await Promise.all([1, 2, 3, 4].map(async () => (await createFamily(db)).children[0]!));
    await createOrder(db, { status: 'created', course, child: holding!, holdExpiresAt: new Date(Date.now() + 600_000) });
    // An expired hold takes no place.
    await createOrder(db, { status: 'created', course, child: other!, holdExpiresAt: new Date(Date.now() - 1_000) });
    await db.insert(waitlistEntries).values({ courseId: course.id, childId: offered!.id, status: 'offered', offeredAt: new Date(), offerExpiresAt: new Date(Date.now() + 86_400_000) });

    expect(await countTaken(db, course.id)).toBe(3);
    expect(await countTaken(db, course.id, { childId: offered!.id })).toBe(2);
    const ids = [enrolled, free!.id, holding!.id, offered!.id, other!.id];
    expect(await childrenFacingFull(db, course.id, 4, ids)).toEqual(new Set());
    const facing = await childrenFacingFull(db, course.id, 3, ids);
    expect(facing).toEqual(new Set([free!.id, other!.id]));
    for (const id of ids) {
      const state = await bookingState(db, course.id, id);
      expect(state.enrolled).toBe(id === enrolled);
      expect(state.liveHoldId !== null).toBe(id === holding!.id);
      expect(state.taken).toBe(id === offered!.id ? 2 : 3);
      expect(facing.has(id)).toBe(!state.enrolled && !state.liveHoldId && state.taken >= 3);
    }
  });
});
