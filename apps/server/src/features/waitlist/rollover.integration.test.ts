import { osloDateKey } from '@app/shared';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contextFor } from '../../context';
import { courses, orders, outbox, participants, rolloverOffers, waitlistEntries } from '../../db/schema';
import { countTaken } from '../../domain/enrolment/seats';
import { submitLandingPage } from '../../test/epayment';
import { createCourse, createFamily, createSeason, type Family } from '../../test/builders';
import { bookingTestWithClock, type BookingTest } from '../../test/booking';
import { insertOffers, insertRollover } from '../../repos/rollovers.repo';
import { processRollovers } from './rollover.service';

/** 'Behold plassen' (decision 060) over real HTTP, with a clock the test moves: offered, accepted, declined, expired. */
const DAY = 86_400_000;
const kit = bookingTestWithClock();
const { clock } = kit;
let t: BookingTest;
let adminToken: string;
beforeAll(() => {
  ({ t, adminToken } = kit);
});

const asGuardian = async (family: Family) => t.token(family.guardians[0]!.id);
const pay = async (family: Family, courseId: string) =>
  t.http('POST', '/api/vipps/payment', { token: await asGuardian(family), body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId } });
const offerOf = async (family: Family) => (await t.db.select().from(rolloverOffers).where(eq(rolloverOffers.childId, family.children[0]!.id)))[0]!;

describe('a rollover', () => {
  it('is offered, accepted and paid, declined (to the waitlist) and expired (released)', async () => {
    const now = clock.now();
    const season = await createSeason(t.db, { startsOn: osloDateKey(new Date(now.getTime() + 10 * DAY)), endsOn: osloDateKey(new Date(now.getTime() + 200 * DAY)) });
    const families = [await createFamily(t.db), await createFamily(t.db), await createFamily(t.db), await createFamily(t.db)];
    const ending = await createCourse(t.db, { startsInDays: -70, weeks: 4, participants: families.map((f) => f.children[0]!) });
    const first = ending.dates[0]!.getTime() + 14 * 7 * DAY;
    const next = await createCourse(t.db, {
      place: ending.place,
      maximumParticipants: 3,
      dates: Array.from({ length: 8 }, (_, i) => new Date(first + i * 7 * DAY)),
    });
    // Booking opens in 30 days: the priority window runs 10 days before everyone may book.
    await t.db.update(courses).set({ opensAt: new Date(now.getTime() + 30 * DAY), openToAllAt: new Date(now.getTime() + 40 * DAY) }).where(eq(courses.id, next.id));

    const plan = await t.http('GET', `/api/rollovers/plan?seasonId=${season.id}`, { token: adminToken });
    expect(plan.status, plan.text).toBe(200);
    const row = plan.json.ending.find((c: { _id: string }) => c._id === ending.id);
    expect(row).toMatchObject({ children: 4, suggestedId: next.id });

    // A reply-by after the next course opens is refused, with nothing written.
    const late = await t.http('POST', '/api/rollovers', {
      token: adminToken,
      body: { seasonId: season.id, replyBy: new Date(now.getTime() + 31 * DAY).toISOString(), mappings: [{ fromCourseId: ending.id, toCourseId: next.id }] },
    });
    expect(late.status, late.text).toBe(400);
    expect(late.json.error.code).toBe('ROLLOVER_REPLY_BY_INVALID');
    expect(await t.db.select().from(rolloverOffers)).toHaveLength(0);

    const made = await t.http('POST', '/api/rollovers', {
      token: adminToken,
      body: { seasonId: season.id, replyBy: plan.json.defaultReplyBy, mappings: [{ fromCourseId: ending.id, toCourseId: next.id }] },
    });
    expect(made.status, made.text).toBe(201);
    // Three places: one child of the ending course gets no offer, and waits on the list as a returning swimmer.
    expect(made.json).toMatchObject({ notOffered: 1, rollover: { counts: { offered: 3, accepted: 0 } } });
    const offered = new Set((await t.db.select().from(rolloverOffers)).map((o) => o.childId));
    const [kept, declining, silent] = families.filter((f) => offered.has(f.children[0]!.id)) as [Family, Family, Family];
    const waiting = families.find((f) => !offered.has(f.children[0]!.id))!;
    expect(new Date(made.json.rollover.replyBy).getTime()).toBe(now.getTime() + 7 * DAY);
    const [nextRow] = await t.db.select().from(courses).where(eq(courses.id, next.id));
    expect(nextRow!.priorityCourseIds).toContain(ending.id);
    const mails = await t.db.select().from(outbox).where(like(outbox.subject, 'Behold plassen til neste sesong%'));
    expect(mails).toHaveLength(3);
    // The reservations are claims: the course is full to anyone else, so a waiting family may join its list.
    expect(await countTaken(t.db, next.id)).toBe(3);
    const joined = await t.http('POST', `/api/courses/${next.id}/waitlist`, { token: await asGuardian(waiting), body: { childId: waiting.children[0]!.id } });
    expect(joined.status, joined.text).toBe(201);

    // The family sees its offer with the price and dates, and keeps the place through the ordinary payment start.
    const mine = await t.http('GET', '/api/rollover-offers/mine', { token: await asGuardian(kept) });
    expect(mine.json).toHaveLength(1);
    expect(mine.json[0].course).toMatchObject({ _id: next.id, dates: next.dates.map((d) => d.toISOString()) });
    const started = await pay(kept, next.id);
    expect(started.status, started.text).toBe(200);
    await submitLandingPage(started.json.redirectUrl, 'Betal');
    await t.sim.control.webhooksIdle();
    expect(await t.db.select().from(participants).where(eq(participants.courseId, next.id))).toHaveLength(1);
    expect(await processRollovers(t.ctx)).toMatchObject({ accepted: 1, released: 0 });
    expect(await offerOf(kept)).toMatchObject({ state: 'accepted' });
    expect(await countTaken(t.db, next.id)).toBe(3);

    // 'Nei takk' releases the place at once: the waiting child gets the offer.
    const offer = await offerOf(declining);
    const other = await t.http('POST', `/api/rollover-offers/${offer.id}/decline`, { token: await asGuardian(silent) });
    expect(other.status).toBe(404);
    const no = await t.http('POST', `/api/rollover-offers/${offer.id}/decline`, { token: await asGuardian(declining) });
    expect(no.status, no.text).toBe(204);
    expect((await t.http('POST', `/api/rollover-offers/${offer.id}/decline`, { token: await asGuardian(declining) })).json.error.code).toBe('ROLLOVER_OFFER_CLOSED');
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.childId, waiting.children[0]!.id));
    expect(entry!.status).toBe('offered');
    expect(await countTaken(t.db, next.id)).toBe(3);

    // The silent family's reply-by passes: the job releases the place; with nobody waiting it is free.
    expect(await processRollovers(t.ctx)).toMatchObject({ released: 0 });
    clock.current = new Date(clock.current.getTime() + 7 * DAY + 1);
    expect((await t.http('GET', '/api/rollover-offers/mine', { token: await asGuardian(silent) })).json).toEqual([]);
    expect(await processRollovers(t.ctx)).toMatchObject({ released: 1 });
    expect(await offerOf(silent)).toMatchObject({ state: 'expired' });
    // The waitlist's offer of a week ago ran out under the same lock (decision 016): only the paid place is taken.
    expect((await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.childId, waiting.children[0]!.id)))[0]!.status).toBe('expired');
    expect(await countTaken(t.db, next.id)).toBe(1);
    // Now it is an ordinary booking: the course has not opened yet.
    expect((await pay(silent, next.id)).json.error.code).toBe('BOOKING_NOT_OPEN');

    const live = await t.http('GET', '/api/rollovers', { token: adminToken });
    expect(live.json[0].counts).toEqual({ offered: 0, accepted: 1, declined: 1, expired: 1, released: 2 });
    expect(live.json[0].offers).toHaveLength(3);
  });

  it('an offer whose family is paying when the reply-by passes waits for the payment, and is accepted', async () => {
    const family = await createFamily(t.db);
    const ending = await createCourse(t.db, { startsInDays: -70, weeks: 4, participants: [family.children[0]!] });
    const next = await createCourse(t.db, { maximumParticipants: 2, startsInDays: 40 });
    await t.db.update(courses).set({ priorityCourseIds: [ending.id] }).where(eq(courses.id, next.id));
    const replyBy = new Date(clock.now().getTime() + DAY);
    const head = await insertRollover(t.db, { fromSeasonId: null, toSeasonId: null, replyBy, createdBy: null });
    await insertOffers(t.db, [{ rolloverId: head.id, childId: family.children[0]!.id, profileId: family.profile.id, fromCourseId: ending.id, toCourseId: next.id, replyBy }]);
    const started = await pay(family, next.id);
    expect(started.status, started.text).toBe(200);

    clock.current = new Date(replyBy.getTime() + 1);
    expect(await processRollovers(t.ctx)).toMatchObject({ released: 0 });
    expect(await offerOf(family)).toMatchObject({ state: 'offered' });
    await submitLandingPage(started.json.redirectUrl, 'Betal');
    await t.sim.control.webhooksIdle();
    expect(await processRollovers(t.ctx)).toMatchObject({ accepted: 1, released: 0 });
    expect(await offerOf(family)).toMatchObject({ state: 'accepted' });
  });
});

/** The race for the last place: an acceptance, the release and an ordinary booking. PostgreSQL: PGlite is one connection. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the last place under concurrency (PostgreSQL)', () => {
  async function lastPlace(replyBy: Date) {
    const holder = await createFamily(t.db);
    const booker = await createFamily(t.db);
    const ending = await createCourse(t.db, { startsInDays: -70, weeks: 4, participants: [holder.children[0]!] });
    const next = await createCourse(t.db, { maximumParticipants: 2, participants: 1, startsInDays: 40 });
    await t.db.update(courses).set({ priorityCourseIds: [ending.id] }).where(eq(courses.id, next.id));
    const head = await insertRollover(t.db, { fromSeasonId: null, toSeasonId: null, replyBy, createdBy: null });
    await insertOffers(t.db, [{ rolloverId: head.id, childId: holder.children[0]!.id, profileId: holder.profile.id, fromCourseId: ending.id, toCourseId: next.id, replyBy }]);
    const [accept, book, job] = await Promise.all([pay(holder, next.id), pay(booker, next.id), processRollovers(contextFor(t.app))]);
    const holds = await t.db.select().from(orders).where(and(eq(orders.courseId, next.id), eq(orders.status, 'created')));
    return { holder, booker, accept, book, job, holds, next };
  }

  it('a live reservation: the family keeps it, the booking is told full, nothing is released', async () => {
    const r = await lastPlace(new Date(clock.now().getTime() + DAY));
    expect(r.accept.status, r.accept.text).toBe(200);
    expect(r.book.json.error.code).toBe('COURSE_FULL');
    expect(r.holds.map((o) => o.childId)).toEqual([r.holder.children[0]!.id]);
  });

  it('a reservation past its reply-by: exactly one of the acceptance and the booking gets the place', async () => {
    const r = await lastPlace(new Date(clock.now().getTime() - 1));
    const won = [r.accept, r.book].filter((res) => res.status === 200);
    expect(won).toHaveLength(1);
    expect([r.accept, r.book].find((res) => res.status !== 200)!.json.error.code).toBe('COURSE_FULL');
    expect(r.holds).toHaveLength(1);
    expect(await countTaken(t.db, r.next.id)).toBe(2);
  });
});
