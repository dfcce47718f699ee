import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../../test/clock';
import { queueOpenings, queueTickets } from '../../db/schema';
import { createCourse, createFamily } from '../../test/builders';
import { submitLandingPage } from '../../test/epayment';
import * as queueRepo from '../../repos/queue.repo';
import { startBookingTest, type BookingTest } from '../../test/booking';
import { seededShuffle } from '../../domain/enrolment/seats';
import { admit } from './waiting-room.service';

/**
 * Enrolment night's waiting room (issue 37, decision 041), with a controllable clock: the opening moment, the random
 * pre-opening order, the admitted family's window running out, and the line ending when all is sold.
 */
const MIN = 60_000;
const SEED = 'queue-test-seed';

async function openingCourse(t: BookingTest, opensAt: Date, maximumParticipants = 5) {
  const course = await createCourse(t.db, { maximumParticipants });
  await queueRepo.setOpensAt(t.db, [course.id], opensAt);
  return course;
}

async function parent(t: BookingTest) {
  const family = await createFamily(t.db);
  const token = await t.token(family.guardians[0]!.id);
  return { family, token, userId: family.guardians[0]!.id, childId: family.children[0]!.id };
}

type Parent = Awaited<ReturnType<typeof parent>>;
const start = (t: BookingTest, p: Parent, courseId: string) =>
  t.http('POST', '/api/vipps/payment', { token: p.token, body: { userId: p.userId, childId: p.childId, courseId } });
const join = (t: BookingTest, p: Parent, courseId: string) => t.http('POST', `/api/queue/courses/${courseId}/ticket`, { token: p.token, body: {} });
const position = (t: BookingTest, p: Parent, courseId: string) => t.http('GET', `/api/queue/courses/${courseId}/position`, { token: p.token });

describe('the seeded shuffle', () => {
  it('gives the same order for the same seed and another for another seed', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(seededShuffle(items, 'a')).toEqual(seededShuffle(items, 'a'));
    expect(seededShuffle(items, 'a')).not.toEqual(seededShuffle(items, 'b'));
    expect([...seededShuffle(items, 'a')].sort((x, y) => x - y)).toEqual(items);
  });

  it('spreads three families evenly over the six orders (1,200 seeds)', () => {
    const counts = new Map<string, number>();
    for (let s = 0; s < 1200; s++) {
      const key = seededShuffle(['A', 'B', 'C'], `seed-${s}`).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    // Expected 200 each; a fair shuffle stays well inside 140…260 (a biased one, e.g. the naive sort, does not).
    for (const n of counts.values()) expect(n).toBeGreaterThan(140);
    for (const n of counts.values()) expect(n).toBeLessThan(260);
    // The first family is first about a third of the time, not more.
    const aFirst = [...counts].filter(([k]) => k.startsWith('A')).reduce((sum, [, n]) => sum + n, 0);
    expect(aFirst).toBeGreaterThan(330);
    expect(aFirst).toBeLessThan(470);
  });
});

describe('the waiting room (controllable clock)', () => {
  const T = new Date(Date.now() + 3 * 86_400_000);
  T.setUTCSeconds(0, 0);
  const clock = movableClock(T.getTime() - 20 * MIN);
  let t: BookingTest;
  beforeAll(async () => {
    t = await startBookingTest({ clock, env: { QUEUE_ADMIT_PER_MINUTE: '60', QUEUE_MAX_ACTIVE: '100', QUEUE_SHUFFLE_SEED: SEED, QUEUE_ADMIT_MINUTES: '10' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * Two families at a course that opens at `opensAt` (the clock `before` it): `a` joins and is let in at the opening,
   * `b` joins after; the clock then stands a second past the opening.
   */
  async function twoInLine(opensAt: Date, before: number, maximumParticipants?: number) {
    clock.set(opensAt.getTime() - before);
    const course = await openingCourse(t, opensAt, maximumParticipants);
    const a = await parent(t);
    const b = await parent(t);
    await join(t, a, course.id);
    clock.set(opensAt.getTime());
    await admit(t.ctx);
    await join(t, b, course.id);
    clock.advance(1_000);
    return { course, a, b };
  }

  it('the opening moment: no booking before it; a ticket taken early is let in at the rate, then books', async () => {
    const opensAt = new Date(T.getTime());
    clock.set(opensAt.getTime() - 20 * MIN);
    const course = await openingCourse(t, opensAt);
    const a = await parent(t);

    const early = await start(t, a, course.id);
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe('BOOKING_NOT_OPEN');
    expect(early.json.error.params.opensAt).toBe(opensAt.toISOString());

    // More than 15 minutes early: the ticket waits on the countdown and joins the random group.
    const ticket = await join(t, a, course.id);
    expect(ticket.status).toBe(200);
    expect(ticket.json).toMatchObject({ state: 'countdown', opensAt: opensAt.toISOString(), position: null });
    // The same ticket from another device (another login of the same person): no second ticket.
    const again = await t.http('POST', `/api/queue/courses/${course.id}/ticket`, { token: await t.token(a.userId), body: {} });
    expect(again.json.state).toBe('countdown');
    expect(await t.db.select().from(queueTickets).where(eq(queueTickets.profileId, a.family.profile.id))).toHaveLength(1);

    // One millisecond before the moment nothing happens.
    clock.set(opensAt.getTime() - 1);
    expect((await admit(t.ctx)).sealed).toBe(0);
    expect((await start(t, a, course.id)).json.error.code).toBe('BOOKING_NOT_OPEN');

    // The moment: the draw is made; at 60 a minute, the first family is let in one second later.
    clock.set(opensAt.getTime());
    expect(await admit(t.ctx)).toMatchObject({ sealed: 1, admitted: [] });
    const waiting = await position(t, a, course.id);
    expect(waiting.json).toMatchObject({ state: 'waiting', position: 1, estimatedWaitSeconds: 1 });
    const notYet = await start(t, a, course.id);
    expect(notYet.status).toBe(409);
    expect(notYet.json.error.code).toBe('QUEUE_REQUIRED');

    clock.set(opensAt.getTime() + 1_000);
    expect((await admit(t.ctx)).admitted).toHaveLength(1);
    const admitted = await position(t, a, course.id);
    expect(admitted.json.state).toBe('admitted');
    expect(admitted.json.admittedUntil).toBe(new Date(opensAt.getTime() + 1_000 + 10 * MIN).toISOString());

    const booked = await start(t, a, course.id);
    expect(booked.status).toBe(200);
    await submitLandingPage(booked.json.redirectUrl, 'Betal');
    await t.sim.control.webhooksIdle();
    const [row] = await t.db.select().from(queueTickets).where(eq(queueTickets.profileId, a.family.profile.id));
    expect(row!.doneAt).not.toBeNull();
    // A family that never queued is sent to the line.
    const b = await parent(t);
    expect((await start(t, b, course.id)).json.error.code).toBe('QUEUE_REQUIRED');
  });

  it('the pre-opening group is drawn in a random (seeded) order, not the arrival order; later arrivals queue in arrival order', async () => {
    const opensAt = new Date(T.getTime() + 60 * MIN);
    clock.set(opensAt.getTime() - 14 * MIN);
    const course = await openingCourse(t, opensAt, 50);
    const early: Parent[] = [];
    for (let i = 0; i < 10; i++) {
      const p = await parent(t);
      clock.advance(1_000);
      expect((await join(t, p, course.id)).json.state).toBe('countdown');
      early.push(p);
    }
    clock.set(opensAt.getTime());
    await admit(t.ctx);
    const late: Parent[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await parent(t);
      clock.advance(1_000);
      expect((await join(t, p, course.id)).json.state).toBe('waiting');
      late.push(p);
    }
    const tickets = await t.db.select().from(queueTickets).where(eq(queueTickets.opensAt, opensAt));
    const byProfile = new Map(tickets.map((r) => [r.profileId, r]));
    const arrival = early.map((p) => byProfile.get(p.family.profile.id)!.id);
    const order = [...tickets].sort((x, y) => Number(x.sortKey) - Number(y.sortKey) || x.id.localeCompare(y.id)).map((r) => r.id);
    const [opening] = await t.db.select().from(queueOpenings).where(eq(queueOpenings.opensAt, opensAt));
    // The draw is the seeded shuffle of the group, replayable from the seed kept on the opening.
    expect(order.slice(0, 10)).toEqual(seededShuffle(arrival, opening!.seed!));
    expect(order.slice(0, 10)).not.toEqual(arrival);
    expect(order.slice(10)).toEqual(late.map((p) => byProfile.get(p.family.profile.id)!.id));

    // Positions shown equal the order, and fall as families are let in (60 a minute: 8 in the 8 s since the moment).
    const positions = async () => Promise.all([...early, ...late].map(async (p) => (await position(t, p, course.id)).json.position as number | null));
    const before = await positions();
    expect([...before].sort((x, y) => x! - y!)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    const everyone = [...early, ...late].map((p) => byProfile.get(p.family.profile.id)!.id);
    expect(before).toEqual(everyone.map((id) => order.indexOf(id) + 1));
    clock.advance(5_000);
    const admitted = (await admit(t.ctx)).admitted;
    expect(admitted).toEqual(order.slice(0, 8));
    const after = await positions();
    for (let i = 0; i < 13; i++) {
      if (before[i]! <= 8) expect(after[i]).toBeNull();
      else expect(after[i]).toBe(before[i]! - 8);
    }
  });

  it('an admitted family whose time runs out is refused, and joins again at the back', async () => {
    const { course, a, b } = await twoInLine(new Date(T.getTime() + 120 * MIN), 1 * MIN);
    expect(await admit(t.ctx)).toMatchObject({ admitted: [expect.any(String)] });
    expect((await position(t, a, course.id)).json.state).toBe('admitted');

    clock.advance(10 * MIN - 1);
    expect((await position(t, a, course.id)).json.state).toBe('admitted');
    clock.advance(1);
    expect((await position(t, a, course.id)).json.state).toBe('expired');
    expect((await start(t, a, course.id)).json.error.code).toBe('QUEUE_REQUIRED');

    // b (admitted meanwhile at the rate) is ahead now; a rejoins behind.
    await admit(t.ctx);
    const rejoined = await join(t, a, course.id);
    expect(rejoined.json).toMatchObject({ state: 'waiting', position: 1 });
    expect((await position(t, b, course.id)).json.state).toBe('admitted');
    // Leaving gives the place up.
    const left = await t.http('DELETE', `/api/queue/courses/${course.id}/ticket`, { token: a.token });
    expect(left.json.state).toBe('left');
  });

  it('a family whose time ran out while its payment hold lives gets that hold back, not the line', async () => {
    const opensAt = new Date(T.getTime() + 150 * MIN);
    clock.set(opensAt.getTime() - 1 * MIN);
    const course = await openingCourse(t, opensAt);
    const a = await parent(t);
    await join(t, a, course.id);
    clock.set(opensAt.getTime());
    await admit(t.ctx);
    clock.advance(1_000);
    expect((await admit(t.ctx)).admitted).toHaveLength(1);
    const first = await start(t, a, course.id);
    expect(first.status).toBe(200);

    // The window (10 minutes) ends before the hold (15): pressing 'Bestill' again answers with the hold.
    clock.advance(10 * MIN);
    expect((await position(t, a, course.id)).json.state).not.toBe('admitted');
    const again = await start(t, a, course.id);
    expect(again.status, again.text).toBe(200);
    expect(again.json.redirectUrl).toBe(first.json.redirectUrl);
  });

  it('the line ends at once when every course of the opening is full; the waiting family is offered the waitlist', async () => {
    const { course, a, b } = await twoInLine(new Date(T.getTime() + 180 * MIN), 5 * MIN, 1);
    await admit(t.ctx);
    expect((await start(t, a, course.id)).status).toBe(200);
    // The only place is held by a's payment: the next tick ends the line.
    clock.advance(1_000);
    expect((await admit(t.ctx)).ended).toBe(1);
    const full = await position(t, b, course.id);
    expect(full.json).toMatchObject({ state: 'full', courseId: course.id });
    // No admission happens after the end; b's start passes the gate and hears the truth (full), b may join the waitlist.
    clock.advance(60_000);
    expect((await admit(t.ctx)).admitted).toEqual([]);
    expect((await start(t, b, course.id)).json.error.code).toBe('COURSE_FULL');
    const wait = await t.http('POST', `/api/courses/${course.id}/waitlist`, { token: b.token, body: { childId: b.childId } });
    expect(wait.status).toBe(201);
  });

  it('courses without an opening time book as before; the position answer says so', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 3 });
    const a = await parent(t);
    expect((await position(t, a, course.id)).json.state).toBe('open');
    expect((await start(t, a, course.id)).status).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('admission on two instances at once (PostgreSQL: PGlite is one connection)', () => {
  const T = new Date(Date.now() + 5 * 86_400_000);
  const clock = movableClock(T.getTime() - 10 * MIN);
  let t: BookingTest;
  beforeAll(async () => {
    t = await startBookingTest({ instances: 2, clock, env: { QUEUE_ADMIT_PER_MINUTE: '600', QUEUE_MAX_ACTIVE: '1000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('each ticket is admitted exactly once, in ticket order, whichever instance runs the job', async () => {
    const course = await openingCourse(t, T, 100);
    const parents: Parent[] = [];
    for (let i = 0; i < 40; i++) parents.push(await parent(t));
    await Promise.all(parents.map((p, i) => t.http('POST', `/api/queue/courses/${course.id}/ticket`, { token: p.token, body: {}, instance: i % 2 })));
    const ctxs = t.instances.map((i) => ({ ...t.ctx, db: i.database.db, env: i.app.env, payments: i.payments }));
    const seen: string[] = [];
    clock.set(T.getTime());
    for (let step = 0; step < 10; step++) {
      clock.advance(500);
      // Both instances' jobs tick at the same moment, several times over.
      const results = await Promise.all([...ctxs, ...ctxs, ...ctxs].map((c) => admit(c)));
      for (const r of results) seen.push(...r.admitted);
    }
    const tickets = await t.db.select().from(queueTickets).where(eq(queueTickets.opensAt, T));
    const order = [...tickets].sort((x, y) => Number(x.sortKey) - Number(y.sortKey) || x.id.localeCompare(y.id)).map((r) => r.id);
    // 600 a minute for 5 s: 50 due, 40 there: all admitted, each once, and in the order of their tickets.
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
    expect(seen).toEqual(order);
    expect(tickets.every((r) => r.admittedAt !== null)).toBe(true);
    expect((await t.db.select().from(queueOpenings).where(eq(queueOpenings.opensAt, T)))[0]!.sealedAt).not.toBeNull();
  });
});
