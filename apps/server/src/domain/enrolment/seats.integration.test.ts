import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ore } from '@app/shared';
import { placesOfCourses } from '../../repos/seats.repo';
import { bookingState, childrenFacingFull, countTaken, freeOnDate, reserveSeat, type SeatClaim } from './seats';
import type { Database, DbOrTx } from '../../db/client';
import { waitlistEntries } from '../../db/schema';
import { createCourse, createFamily, createOrder, type TestCourse } from '../../test/builders';
import * as changes from '../../repos/changes.repo';
import { createTestDatabase } from '../../test/db';

/**
 * The seat ledger (domain/enrolment/seats.ts) on whichever database the run uses: PGlite by default, PostgreSQL with
 * TEST_DATABASE_URL. The one-statement counts a payment start asks, per child (bookingState) and for a queue of
 * children at once (childrenFacingFull, the line for the course lock), agree with each other and with countTaken; and every claim
 * goes through reserveSeat, the one locked step. On PostgreSQL the claims below really race (two connections, the
 * course lock orders them); PGlite is one connection and runs them one after the other, with the same answers.
 */
describe('the seat ledger', () => {
  let database: Database;
  let db: Database['db'];
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  const newChild = async () => (await createFamily(db)).children[0]!;
  const inAnHour = () => new Date(Date.now() + 3_600_000);

  /** A claim in its own transaction, written when reserveSeat says ok: 'ok', 'own hold' or the refusal. */
  const claim = (course: TestCourse, seatClaim: SeatClaim, write: (tx: DbOrTx) => Promise<unknown>) =>
    db.transaction(async (tx) => {
      const seat = await reserveSeat(tx, course.id, seatClaim);
      if ('refused' in seat) return seat.refused;
      if (seat.ownHoldId) return 'own hold';
      await write(tx);
      return seat.overrideUsed ? 'ok, override used' : 'ok';
    });
  /** A payment start's hold for the child. */
  const book = (course: TestCourse, child: Awaited<ReturnType<typeof newChild>>) =>
    claim(course, { by: 'booking', childId: child.id }, (tx) => createOrder(tx, { status: 'created', course, child, holdExpiresAt: inAnHour() }));

  it('counts participants, live holds and held offers; a child is not counted against by its own offer', async () => {
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

  it('the last place raced by two bookings: exactly one holds it, never oversold', async () => {
    for (let round = 0; round < 4; round++) {
      const course = await createCourse(db, { maximumParticipants: 2, participants: 1 });
      const [a, b] = [await newChild(), await newChild()];
      const answers = await Promise.all([book(course, a), book(course, b)]);
      expect(answers.sort()).toEqual(['COURSE_FULL', 'ok']);
      expect(await countTaken(db, course.id)).toBe(2);
    }
  });

  it('a double click: the second start for the same child gets its hold back, even on a course that is full now', async () => {
    const course = await createCourse(db, { maximumParticipants: 1 });
    const child = await newChild();
    expect(await Promise.all([book(course, child), book(course, child)])).toEqual(expect.arrayContaining(['ok', 'own hold']));
    expect(await countTaken(db, course.id)).toBe(1);
    expect(await book(course, await newChild())).toBe('COURSE_FULL');
  });

  it('a make-up against a booking for the last place on a date: exactly one gets it', async () => {
    for (let round = 0; round < 3; round++) {
      const course = await createCourse(db, { maximumParticipants: 1 });
      const date = course.dates[1]!;
      // A child whose own course lost a date, with its choice still open.
      const own = await createCourse(db, { maximumParticipants: 4 });
      const cancelled = await changes.insertCancelledDate(db, { courseId: own.id, date: own.dates[0]!, reason: 'Svømmestevne' });
      const choice = await changes.insertChoice(db, { cancelledDateId: cancelled!.id, childId: await newChild().then((c) => c.id), shareOre: ore(0), secretHash: `h${round}`, deadlineAt: inAnHour() });
      expect(await freeOnDate(db, course, date)).toBe(1);

      const makeup = claim(course, { by: 'makeup', date }, (tx) =>
        changes.setChoice(tx, choice!.id, { choice: 'makeup', chosenBy: 'family', chosenAt: new Date(), makeupCourseId: course.id, makeupDate: date }),
      );
      const answers = await Promise.all([makeup, book(course, await newChild())]);
      expect(answers.sort()).toEqual(['COURSE_FULL', 'ok']);
      // Whichever won, the place is taken on that date and (a booking takes every date) on the course.
      expect(await freeOnDate(db, course, date)).toBe(0);
      expect(await countTaken(db, course.id)).toBe(1);
    }
  });

  it('one definition per course and per date: make-ups on their date, the fullest date on the course; an offer whose child holds counts once', async () => {
    const course = await createCourse(db, { maximumParticipants: 5, participants: 1 });
    const [first, second] = [course.dates[1]!, course.dates[2]!];
    const own = await createCourse(db, { maximumParticipants: 4 });
    const cancelled = await changes.insertCancelledDate(db, { courseId: own.id, date: own.dates[0]!, reason: 'Svømmestevne' });
    for (const [i, date] of [first, first, second].entries()) {
      const choice = await changes.insertChoice(db, { cancelledDateId: cancelled!.id, childId: (await newChild()).id, shareOre: ore(0), secretHash: `one-${i}`, deadlineAt: inAnHour() });
      await changes.setChoice(db, choice!.id, { choice: 'makeup', chosenBy: 'family', chosenAt: new Date(), makeupCourseId: course.id, makeupDate: date });
    }
    // An offered child paying for its place: its hold counts, its offer does not count again.
    const paying = await newChild();
    await createOrder(db, { status: 'created', course, child: paying, holdExpiresAt: inAnHour() });
    await db.insert(waitlistEntries).values({ courseId: course.id, childId: paying.id, status: 'offered', offeredAt: new Date(), offerExpiresAt: inAnHour() });

    // Every date: the participant and the hold (2); the fullest date adds its 2 make-ups.
    expect(await countTaken(db, course.id)).toBe(4);
    expect(await freeOnDate(db, course, first)).toBe(1);
    expect(await freeOnDate(db, course, second)).toBe(2);
    expect(await freeOnDate(db, course, course.dates[0]!)).toBe(3);
    const places = (await placesOfCourses(db, [course.id])).get(course.id)!;
    expect({ participants: places.participants, taken: places.taken }).toEqual({ participants: 1, taken: 4 });
    expect(places.holdEndsInMs).toBeGreaterThan(0);
  });

  it("an admin's add on a full course: refused unless the override is ticked; the child's own hold and a duplicate", async () => {
    const course = await createCourse(db, { maximumParticipants: 1, full: true });
    const child = await newChild();
    const add = (override: boolean, who = child) => claim(course, { by: 'admin', childId: who.id, override }, async () => undefined);
    expect(await add(false)).toBe('COURSE_FULL');
    expect(await add(true)).toBe('ok, override used');
    expect(await claim(course, { by: 'admin', childId: course.participantChildIds[0]!, override: true }, async () => undefined)).toBe('CHILD_ALREADY_IN_COURSE');

    // A parent paying for this very child does not make the course look full to the admin.
    const open = await createCourse(db, { maximumParticipants: 1 });
    const paying = await newChild();
    await createOrder(db, { status: 'created', course: open, child: paying, holdExpiresAt: inAnHour() });
    expect(await claim(open, { by: 'admin', childId: paying.id, override: false }, async () => undefined)).toBe('ok');
    expect(await claim(open, { by: 'admin', childId: child.id, override: false }, async () => undefined)).toBe('COURSE_FULL');
  });

  it('a paid order enrols against its own live hold, and a course that is gone is NOT_FOUND', async () => {
    const course = await createCourse(db, { maximumParticipants: 1 });
    const child = await newChild();
    const { order } = await createOrder(db, { status: 'created', course, child, holdExpiresAt: inAnHour() });
    expect(await claim(course, { by: 'payment', orderId: order.id, childId: child.id }, async () => undefined)).toBe('ok');
    expect(await book(course, await newChild())).toBe('COURSE_FULL');
    expect(await claim({ ...course, id: 'c-gone' }, { by: 'offer' }, async () => undefined)).toBe('NOT_FOUND');
  });
});
