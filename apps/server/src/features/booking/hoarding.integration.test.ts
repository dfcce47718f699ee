import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_LAPSE_WINDOW_MS, HOLD_LAPSES_BEFORE_COOLDOWN, MAX_WAITLIST_ENTRIES_PER_FAMILY } from '@app/shared';
import { movableClock } from '../../test/clock';
import { courses, orders, participants, waitlistEntries } from '../../db/schema';
import { createCourse, createFamily, createOrder, createUser, type Family, type TestCourse } from '../../test/builders';
import { processWaitlists } from '../waitlist/waitlist.service';
import { syncOrder } from '../../domain/family-ledger/payment-events';
import { startBookingTest, type BookingTest } from '../../test/booking';

/** Place hoarding and the age rule (issue 36 findings 3 and 4, decisions 034 and 035), over real HTTP. */
const clock = movableClock(Date.now());
let t: BookingTest;
let adminToken: string;
beforeAll(async () => {
  t = await startBookingTest({ clock });
  adminToken = await t.token((await createUser(t.db, { roles: ['parent', 'admin'] })).id);
});
afterAll(() => t.close());

const guardian = (family: Family) => family.guardians[0]!;

async function pay(family: Family, childIndex: number, course: TestCourse) {
  return t.http('POST', '/api/vipps/payment', {
    token: await t.token(guardian(family).id),
    body: { userId: guardian(family).id, childId: family.children[childIndex]!.id, courseId: course.id },
  });
}
async function join(family: Family, childIndex: number, course: TestCourse) {
  return t.http('POST', `/api/courses/${course.id}/waitlist`, {
    token: await t.token(guardian(family).id),
    body: { childId: family.children[childIndex]!.id },
  });
}
const ordersOf = (family: Family) =>
  t.db.select().from(orders).where(eq(orders.profileId, family.profile.id)).orderBy(orders.createdAt);
const liveHolds = async (family: Family) =>
  (await ordersOf(family)).filter((o) => o.status === 'created' && o.holdExpiresAt! > new Date());

describe('payment holds (finding 3)', () => {
  it('money event "payment start" (L6): siblings on one course each hold their own place, and neither start ends the other', async () => {
    const family = await createFamily(t.db, { children: 2 });
    const course = await createCourse(t.db, { maximumParticipants: 3 });
    const elsewhere = await createCourse(t.db, { maximumParticipants: 1 });

    expect((await pay(family, 0, elsewhere)).status).toBe(200);
    expect((await pay(family, 0, course)).status).toBe(200);
    expect((await pay(family, 1, course)).status).toBe(200);

    // One live hold per child and course: three holds, none ended.
    const all = await ordersOf(family);
    expect(all.map((o) => o.status)).toEqual(['created', 'created', 'created']);
    expect(await liveHolds(family)).toHaveLength(3);
    // The course's third place is still free for another family.
    expect((await pay(await createFamily(t.db), 0, course)).status).toBe(200);
  });

  it('money event "payment start" (L6): a second start for the same child and course gets that child\'s one hold back', async () => {
    const family = await createFamily(t.db, { children: 1 });
    const course = await createCourse(t.db, { maximumParticipants: 2 });
    const first = await pay(family, 0, course);
    const second = await pay(family, 0, course);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(await liveHolds(family)).toHaveLength(1);
  });

  it('money event "payment start" (L6): parallel starts for two siblings and a repeat both succeed, no 502', async () => {
    const family = await createFamily(t.db, { children: 2 });
    const course = await createCourse(t.db, { maximumParticipants: 5 });
    const answers = await Promise.all([pay(family, 0, course), pay(family, 1, course), pay(family, 0, course), pay(family, 1, course)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const holds = await liveHolds(family);
    expect(holds.map((o) => o.childId).sort()).toEqual(family.children.map((c) => c.id).sort());
    // Each answer sends the parent to its own child's payment.
    const urls = new Set(answers.map((a) => (a.json as { redirectUrl: string }).redirectUrl));
    expect(urls.size).toBe(2);
  });

  it('after repeated lapsed holds the family waits (HOLD_COOLDOWN); an admin is not held back', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 5 });
    for (let i = 0; i < HOLD_LAPSES_BEFORE_COOLDOWN; i++) {
      expect((await pay(family, 0, course)).status).toBe(200);
      const [live] = await liveHolds(family);
      await t.db.update(orders).set({ holdExpiresAt: sql`now() - interval '1 minute'` }).where(eq(orders.id, live!.id));
      expect((await syncOrder(t.ctx, live!.id))?.lapsedAt).not.toBeNull();
    }
    const refused = await pay(family, 0, course);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('HOLD_COOLDOWN');
    expect(await liveHolds(family)).toHaveLength(0);

    const byAdmin = await t.http('POST', '/api/vipps/payment', {
      token: adminToken,
      body: { userId: guardian(family).id, childId: family.children[0]!.id, courseId: course.id },
    });
    expect(byAdmin.status, byAdmin.text).toBe(200);

    // The admin sees the repeated lapses where the waitlist is managed.
    const full = await createCourse(t.db, { maximumParticipants: 1, full: true });
    expect((await join(family, 0, full)).status).toBe(201);
    const list = await t.http('GET', `/api/courses/${full.id}/waitlist`, { token: adminToken });
    expect(list.status, list.text).toBe(200);
    expect(list.json.entries[0]).toMatchObject({ profileId: family.profile.id, familyLapses: HOLD_LAPSES_BEFORE_COOLDOWN });

    // One pause end everywhere (domain/enrolment/seats.ts): the refusal, the admin's orders, the parent's profile and waitlist.
    // The pause lasts until the HOLD_LAPSES_BEFORE_COOLDOWN-th newest lapse is a day old.
    const lapsedAt = (await ordersOf(family)).flatMap((o) => (o.lapsedAt ? [o.lapsedAt.getTime()] : [])).sort((a, b) => b - a);
    const until = new Date(lapsedAt[HOLD_LAPSES_BEFORE_COOLDOWN - 1]! + HOLD_LAPSE_WINDOW_MS).toISOString();
    expect(refused.json.error.params).toEqual({ pausedUntil: until });
    const token = await t.token(guardian(family).id);
    const profilesOfParent = await t.http('GET', '/api/profiles', { token });
    expect(profilesOfParent.json[0].familyLapses).toEqual({ lapses: HOLD_LAPSES_BEFORE_COOLDOWN, pausedUntil: until });
    const mine = await t.http('GET', '/api/waitlist/mine', { token });
    expect(mine.json[0]).toMatchObject({ course: { _id: full.id }, paymentPausedUntil: until });
    const payments = await t.http('GET', '/api/payments?limit=100', { token: adminToken });
    expect(payments.status, payments.text).toBe(200);
    const ofFamily = payments.json.orders.filter((o: { additionalInfo: { profile: string } }) => o.additionalInfo.profile === family.profile.id);
    expect(ofFamily.length).toBeGreaterThan(0);
    for (const order of ofFamily) expect(order.familyLapses).toEqual({ lapses: HOLD_LAPSES_BEFORE_COOLDOWN, pausedUntil: until });
    // Another family has neither.
    const calm = await createFamily(t.db);
    const calmProfiles = await t.http('GET', '/api/profiles', { token: await t.token(guardian(calm).id) });
    expect(calmProfiles.json[0].familyLapses).toEqual({ lapses: 0, pausedUntil: null });
  });
});

describe('the waitlist (findings 3 and 4)', () => {
  it(`a family has at most ${MAX_WAITLIST_ENTRIES_PER_FAMILY} children on one course's list`, async () => {
    const family = await createFamily(t.db, { children: MAX_WAITLIST_ENTRIES_PER_FAMILY + 1 });
    const course = await createCourse(t.db, { maximumParticipants: 1, full: true });
    for (let i = 0; i < MAX_WAITLIST_ENTRIES_PER_FAMILY; i++) expect((await join(family, i, course)).status).toBe(201);
    const refused = await join(family, MAX_WAITLIST_ENTRIES_PER_FAMILY, course);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('WAITLIST_FAMILY_LIMIT');
    // Another course's list is another count.
    const other = await createCourse(t.db, { maximumParticipants: 1, full: true });
    expect((await join(family, MAX_WAITLIST_ENTRIES_PER_FAMILY, other)).status).toBe(201);
  });

  it('joining applies the age rule of a booking', async () => {
    // The default child is about 12 months old; this course is for 24 to 36 months.
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 1, full: true, ageMinMonths: 24, ageMaxMonths: 36 });
    const refused = await join(family, 0, course);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('CHILD_AGE_OUTSIDE_RANGE');
    expect(await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.courseId, course.id))).toHaveLength(0);
  });

  it('an offer passes over a child that no longer fits the age range', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 1, full: true, ageMinMonths: 6, ageMaxMonths: 24 });
    const [outgrown, next] = [await createFamily(t.db), await createFamily(t.db)];
    expect((await join(outgrown, 0, course)).status).toBe(201);
    expect((await join(next, 0, course)).status).toBe(201);
    // An admin corrects the first child's birth date: it is now 4 years old.
    const fourYears = new Date(Date.now() - 4 * 365 * 86_400_000).toISOString().slice(0, 10);
    const changed = await t.http('PATCH', `/api/users/${outgrown.children[0]!.id}`, { token: adminToken, body: { birthdate: fourYears } });
    expect(changed.status, changed.text).toBe(200);

    const removed = await t.http('DELETE', `/api/courses/${course.id}/participants/${course.participantChildIds[0]}`, { token: adminToken });
    expect(removed.status, removed.text).toBe(200);
    expect(await processWaitlists(t.ctx)).toMatchObject({ offered: 1 });
    const entries = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.courseId, course.id));
    expect(entries.find((e) => e.childId === outgrown.children[0]!.id)?.status).toBe('skipped');
    expect(entries.find((e) => e.childId === next.children[0]!.id)?.status).toBe('offered');
  });
});

describe('waitlist offers ask the booking policies (code review: the job skipped them)', () => {
  it('a new child in the priority window and a family in a cool-down are passed over for now, and keep their turn', async () => {
    const earlier = await createCourse(t.db, { maximumParticipants: 2, startsInDays: -70 });
    const returning = await createFamily(t.db);
    await t.db.insert(participants).values({ courseId: earlier.id, childId: returning.children[0]!.id });
    const course = await createCourse(t.db, { maximumParticipants: 1, full: true, priorityCourseIds: [earlier.id], openToAllAt: new Date(clock.now().getTime() + 7 * 86_400_000) });
    const [newcomer, paused] = [await createFamily(t.db), await createFamily(t.db)];
    for (const family of [newcomer, paused, returning]) expect((await join(family, 0, course)).status).toBe(201);
    // The second family let HOLD_LAPSES_BEFORE_COOLDOWN holds run out unpaid a minute ago: its payment starts wait.
    for (let i = 0; i < HOLD_LAPSES_BEFORE_COOLDOWN; i++) {
      const { order } = await createOrder(t.db, { status: 'expired', course, child: paused.children[0]!, profileId: paused.profile.id });
      await t.db.update(orders).set({ lapsedAt: sql`now() - interval '1 minute'` }).where(eq(orders.id, order.id));
    }
    const statusOf = async (family: Family) =>
      (await t.db.select().from(waitlistEntries).where(and(eq(waitlistEntries.courseId, course.id), eq(waitlistEntries.childId, family.children[0]!.id))))[0]?.status;

    expect((await t.http('DELETE', `/api/courses/${course.id}/participants/${course.participantChildIds[0]}`, { token: adminToken })).status).toBe(200);
    expect(await processWaitlists(t.ctx)).toMatchObject({ offered: 1 });
    expect([await statusOf(newcomer), await statusOf(paused), await statusOf(returning)]).toEqual(['waiting', 'waiting', 'offered']);

    // The window ends and a second place frees up: the newcomer's turn comes first; the paused family still waits.
    await t.db.update(courses).set({ openToAllAt: new Date(clock.now().getTime() - 60_000), maximumParticipants: 2 }).where(eq(courses.id, course.id));
    expect(await processWaitlists(t.ctx)).toMatchObject({ offered: 1 });
    expect([await statusOf(newcomer), await statusOf(paused)]).toEqual(['offered', 'waiting']);
  });
});

describe('stale waitlist offers (finding 4)', () => {
  it("an offer already made to a child who no longer fits the age range is passed over; an admin's own offer stands", async () => {
    const course = await createCourse(t.db, { maximumParticipants: 2, full: true, ageMinMonths: 6, ageMaxMonths: 24 });
    const [outgrown, chosen, next] = [await createFamily(t.db), await createFamily(t.db), await createFamily(t.db)];
    for (const family of [outgrown, chosen, next]) expect((await join(family, 0, course)).status).toBe(201);
    // Two places free up: the job offers them to the first two children.
    for (const childId of course.participantChildIds) {
      const removed = await t.http('DELETE', `/api/courses/${course.id}/participants/${childId}`, { token: adminToken });
      expect(removed.status, removed.text).toBe(200);
    }
    expect(await processWaitlists(t.ctx)).toMatchObject({ offered: 2 });
    // The second offer counts as the admin's own choice (made by hand).
    await t.db.update(waitlistEntries).set({ offeredBy: (await createUser(t.db, { roles: ['admin'] })).id }).where(eq(waitlistEntries.childId, chosen.children[0]!.id));
    // Then the birth dates are corrected: both children are now 4 years old.
    const fourYears = new Date(Date.now() - 4 * 365 * 86_400_000).toISOString().slice(0, 10);
    for (const family of [outgrown, chosen]) {
      const changed = await t.http('PATCH', `/api/users/${family.children[0]!.id}`, { token: adminToken, body: { birthdate: fourYears } });
      expect(changed.status, changed.text).toBe(200);
    }

    expect(await processWaitlists(t.ctx)).toMatchObject({ offered: 1 });
    const entries = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.courseId, course.id));
    const status = (family: Family) => entries.find((e) => e.childId === family.children[0]!.id)?.status;
    expect(status(outgrown)).toBe('skipped');
    expect(status(chosen)).toBe('offered');
    expect(status(next)).toBe('offered');
  });
});

describe('birth-date changes after a booking (finding 4, decision 034)', () => {
  it("a guardian cannot change a booked child's birth date (change, book, change back); an admin can", async () => {
    const family = await createFamily(t.db);
    const child = family.children[0]!;
    const course = await createCourse(t.db, { maximumParticipants: 3 });
    const token = await t.token(guardian(family).id);
    const older = new Date(Date.now() - 500 * 86_400_000).toISOString().slice(0, 10);

    // Before any booking the parent corrects it freely.
    expect((await t.http('PATCH', `/api/users/${child.id}`, { token, body: { birthdate: older } })).status).toBe(200);
    expect((await pay(family, 0, course)).status).toBe(200);
    const [order] = await ordersOf(family);
    t.sim.control.approve(order!.reference);
    await syncOrder(t.ctx, order!.id);
    expect((await t.db.select().from(orders).where(and(eq(orders.id, order!.id))))[0]!.status).toBe('captured');

    const refused = await t.http('PATCH', `/api/users/${child.id}`, { token, body: { birthdate: child.birthdate } });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('BIRTHDATE_LOCKED');
    // Names still change; the same date again is no change.
    expect((await t.http('PATCH', `/api/users/${child.id}`, { token, body: { firstName: 'Nytt', birthdate: older } })).status).toBe(200);
    expect((await t.http('PATCH', `/api/users/${child.id}`, { token: adminToken, body: { birthdate: child.birthdate } })).status).toBe(200);
  });
});
