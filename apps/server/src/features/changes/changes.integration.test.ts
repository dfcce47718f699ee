import { and, eq, like } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { courseDisplayName, dateSharesOre, formatTime as osloClock, osloTime, ore } from '@app/shared';
import { countTaken } from '../../domain/enrolment/seats';
import { cancelledDates, courses, dateChoices, familyCredits, orderEvents, orders, outbox } from '../../db/schema';
import { createCourse, createFamily, createVenue, createUser, type Family } from '../../test/builders';
import { bookingTestWithClock, payForCourse, type BookingTest } from '../../test/booking';
import { announceDueClosures, applyDefaults, shareOfDate } from './changes.service';

/**
 * When plans change (issue 38), against the Vipps simulator over real HTTP with a controllable clock: an admin
 * cancels a date (one course, or a whole venue), every guardian is mailed, each child gets one choice (make-up,
 * refund of the date's share, credit) and the default after the deadline; the family calendar follows.
 */
const kit = bookingTestWithClock();
const { clock } = kit;

// Four Mondays 17:00 from 1 March 2027; a make-up course at the same venue on Wednesdays.
const DATES = [1, 8, 15, 22].map((d) => osloTime(2027, 3, d, '17:00'));
const WEDNESDAYS = [3, 10, 17, 24].map((d) => osloTime(2027, 3, d, '10:00'));
/** 1 000,01 kr over 4 dates: 250,01 + 250 + 250 + 250. */
const UNEVEN = ore(100_001);

async function setup(options: { makeupMax?: number } = {}) {
  const place = await createVenue(kit.t.db);
  const course = await createCourse(kit.t.db, { place, priceOre: UNEVEN, maximumParticipants: 6, dates: DATES, timeFrom: '17:00', timeTo: '17:30', ageMinMonths: null, ageMaxMonths: null, experienceLevel: 'Nybegynner', name: 'c38 Mandag' });
  const makeup = await createCourse(kit.t.db, { place, priceOre: ore(80_000), maximumParticipants: options.makeupMax ?? 4, dates: WEDNESDAYS, timeFrom: '10:00', timeTo: '10:30', ageMinMonths: null, ageMaxMonths: null, experienceLevel: 'Nybegynner', name: 'c38 Onsdag' });
  const paid = await payForCourse(kit.t, course);
  expect(paid.order.status).toBe('captured');
  return { place, course, makeup, ...paid };
}

/** 'Send e-post nå' for every date of a closure's answer. */
const announceAll = async <R extends Awaited<ReturnType<BookingTest["http"]>>>(res: R): Promise<R> => {
  for (const c of (res.json?.cancelled ?? []) as { _id: string }[]) expect((await kit.t.http('POST', `/api/cancelled-dates/${c._id}/announce`, { token: kit.adminToken })).status).toBe(200);
  return res;
};
/** A cancelled date, announced at once ('Send e-post nå'): the choices and e-mails exist when it returns. */
const cancelDate = async (courseId: string, date: Date, reason = 'Svømmestevne') =>
  announceAll(await kit.t.http('POST', `/api/courses/${courseId}/cancelled-dates`, { token: kit.adminToken, body: { date: date.toISOString(), reason } }));
const mailsTo = (family: Family) => kit.t.db.select().from(outbox).where(and(eq(outbox.to, family.guardians[0]!.email!), like(outbox.subject, 'Avlyst:%')));
const mine = async (token: string) => (await kit.t.http('GET', '/api/changes/mine', { token })).json;
/** The secret of the e-mail's link (after '#'). */
const secretOf = (text: string) => /\/endring#([A-Za-z0-9_-]{43})/.exec(text)![1]!;

describe('an admin cancels a date', () => {
  it('of one course: the date stays, marked; each guardian gets an e-mail with a one-tap link; the notice shows', async () => {
    const { course, makeup, family, token, order } = await setup();
    const second = await createUser(kit.t.db, { roles: ['parent'] });
    await kit.t.db.execute(`insert into profile_parents (profile_id, user_id, position) values ('${family.profile.id}', '${second.id}', 1)`);
    const res = await cancelDate(course.id, DATES[0]!);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ families: 1, cancelled: [{ courseId: course.id, date: DATES[0]!.toISOString(), reason: 'Svømmestevne', placeClosure: false }] });

    const mails = await mailsTo(family);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('er avlyst: Svømmestevne');
    expect(mails[0]!.text).toContain('250,01 kr');
    // The course by its display name (walk-through 8), never the stored name other courses share.
    const shown = courseDisplayName({ ...course, placeName: null });
    expect(shown).toMatch(/^Nybegynner · .*mandager kl\. 17:00$/);
    expect(mails[0]!.subject).toBe(`Avlyst: timen 01.03.2027 på ${shown}`);
    expect(mails[0]!.text).toContain(`Timen 01.03.2027 på ${shown}, `);
    expect(`${mails[0]!.subject}\n${mails[0]!.text}`).not.toContain('c38 Mandag');
    const toSecond = await kit.t.db.select().from(outbox).where(eq(outbox.to, second.email!));
    expect(toSecond.map((m) => m.subject)).toEqual([mails[0]!.subject]);
    expect(secretOf(toSecond[0]!.text)).toBe(secretOf(mails[0]!.text));
    // Only the hash is stored.
    const [row] = await kit.t.db.select().from(dateChoices).where(eq(dateChoices.orderId, order.id));
    expect(row!.secretHash).not.toContain(secretOf(mails[0]!.text));

    const notice = await mine(token);
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatchObject({ reason: 'Svømmestevne', shareAmount: 25_001, choice: null });
    expect(notice[0].options.map((o: { date: string }) => o.date)).toContain(WEDNESDAYS[0]!.toISOString());
    // The notice and its make-up dates name each course by its display name too.
    expect(notice[0].course).toMatchObject({ _id: course.id, name: 'c38 Mandag', displayName: shown });
    expect(notice[0].options[0]).toMatchObject({ courseId: makeup.id, courseName: courseDisplayName({ ...makeup, placeName: null }) });
    expect(courseDisplayName(makeup)).toMatch(/onsdager kl\. 10:00$/);

    const again = await cancelDate(course.id, DATES[0]!);
    expect(again.status).toBe(409);
    const notADate = await cancelDate(course.id, osloTime(2027, 3, 2, '17:00'));
    expect(notADate.status).toBe(400);

    // The instructor's list and the admin see it.
    const changes = await kit.t.http('GET', `/api/courses/${course.id}/changes`, { token: kit.adminToken });
    expect(changes.json.cancelled).toHaveLength(1);
    expect(changes.json.choices).toMatchObject([{ childId: family.children[0]!.id, choice: null }]);
  });

  it('of a whole venue on a day: every course there with a date that day, nothing else', async () => {
    const { place, course, makeup, family } = await setup();
    const elsewhere = await createCourse(kit.t.db, { priceOre: ore(50_000), dates: DATES, name: 'c38 Annet sted' });
    const res = await announceAll(await kit.t.http('POST', `/api/places/${place.id}/closures`, { token: kit.adminToken, body: { day: '2027-03-08', reason: 'Bassenget er stengt' } }));
    expect(res.status, res.text).toBe(200);
    expect(res.json.cancelled.map((c: { courseId: string }) => c.courseId)).toEqual([course.id]);
    expect(res.json.cancelled[0]).toMatchObject({ placeClosure: true, date: DATES[1]!.toISOString() });
    expect(await mailsTo(family)).toHaveLength(1);
    const wednesday = await announceAll(await kit.t.http('POST', `/api/places/${place.id}/closures`, { token: kit.adminToken, body: { day: '2027-03-10', reason: 'Strømbrudd' } }));
    expect(wednesday.json.cancelled.map((c: { courseId: string }) => c.courseId)).toEqual([makeup.id]);
    expect((await kit.t.http('GET', `/api/courses/${elsewhere.id}/changes`, { token: kit.adminToken })).json.cancelled).toEqual([]);
    const bad = await kit.t.http('POST', `/api/places/${place.id}/closures`, { token: kit.adminToken, body: { day: '8. mars', reason: '' } });
    expect(bad.status).toBe(400);
  });
});

describe('a closure gets a second look and an undo (issue 53)', () => {
  const MINUTE = 60_000;
  const post = (url: string, body: Record<string, unknown>) => kit.t.http('POST', url, { token: kit.adminToken, body });
  const choicesOf = (cancelledDateId: string) => kit.t.db.select().from(dateChoices).where(eq(dateChoices.cancelledDateId, cancelledDateId));
  const overview = async () => (await kit.t.http('GET', '/api/cancelled-dates', { token: kit.adminToken })).json as { _id: string; announcedAt: string | null; choices: Record<string, number> }[];

  it('membership event "closure previewed": the preview names the courses and families and writes nothing', async () => {
    const { place, course, family } = await setup();
    const res = await post(`/api/places/${place.id}/closures`, { day: '2027-03-08', reason: 'Svømmestevne', preview: true });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ preview: true, families: 1, cancelled: [{ courseId: course.id, courseName: courseDisplayName(course), date: DATES[1]!.toISOString() }] });
    expect(new Date(res.json.announceAt).getTime()).toBe(clock.current.getTime() + 10 * MINUTE);
    const one = await post(`/api/courses/${course.id}/cancelled-dates`, { date: DATES[2]!.toISOString(), reason: 'Svømmestevne', preview: true });
    expect(one.json).toMatchObject({ preview: true, families: 1, cancelled: [{ courseName: courseDisplayName(course) }] });
    expect(await kit.t.db.select().from(cancelledDates).where(eq(cancelledDates.courseId, course.id))).toEqual([]);
    expect(await mailsTo(family)).toHaveLength(0);
  });

  it('membership event "closure confirmed": the date shows cancelled at once; choices and e-mails come once, CLOSURE_UNDO_MINUTES later', async () => {
    const { course, family, token } = await setup();
    const res = await post(`/api/courses/${course.id}/cancelled-dates`, { date: DATES[1]!.toISOString(), reason: 'Svømmestevne' });
    expect(res.status, res.text).toBe(200);
    const id = res.json.cancelled[0]._id as string;
    expect((await kit.t.http('GET', `/api/courses/${course.id}/changes`, { token: kit.adminToken })).json.cancelled).toHaveLength(1);
    expect(await mailsTo(family)).toHaveLength(0);
    expect(await mine(token)).toEqual([]);
    expect((await overview()).find((o) => o._id === id)).toMatchObject({ announcedAt: null, courseName: courseDisplayName(course) });

    clock.current = new Date(clock.current.getTime() + 9 * MINUTE);
    await announceDueClosures(kit.t.ctx);
    expect(await choicesOf(id)).toHaveLength(0);
    clock.current = new Date(clock.current.getTime() + 2 * MINUTE);
    // Two instances' ticks at once: one announces, the other finds the row taken or done.
    await Promise.all([announceDueClosures(kit.t.ctx), announceDueClosures(kit.t.ctx)]);
    await announceDueClosures(kit.t.ctx);
    expect(await choicesOf(id)).toHaveLength(1);
    expect(await mailsTo(family)).toHaveLength(1);
    expect((await overview()).find((o) => o._id === id)).toMatchObject({ announcedAt: clock.current.toISOString(), choices: { makeup: 0, refund: 0, credit: 0, open: 1 } });

    // No undo after the e-mails.
    const late = await kit.t.http('DELETE', `/api/cancelled-dates/${id}`, { token: kit.adminToken });
    expect(late.status).toBe(409);
    expect(late.text).toContain('CLOSURE_ANNOUNCED');
    expect((await kit.t.http('GET', `/api/courses/${course.id}/changes`, { token: kit.adminToken })).json.cancelled).toHaveLength(1);
  });

  it("membership event \"closure undone\": 'Angre' within the time deletes the date and nobody is told", async () => {
    const { course, family, token } = await setup();
    const res = await post(`/api/courses/${course.id}/cancelled-dates`, { date: DATES[1]!.toISOString(), reason: 'Feil dato' });
    const id = res.json.cancelled[0]._id as string;
    const undo = await kit.t.http('DELETE', `/api/cancelled-dates/${id}`, { token: kit.adminToken });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.json.find((o: { _id: string }) => o._id === id)).toBeUndefined();
    clock.current = new Date(clock.current.getTime() + 11 * MINUTE);
    await announceDueClosures(kit.t.ctx);
    expect(await mailsTo(family)).toHaveLength(0);
    expect(await mine(token)).toEqual([]);
    expect((await kit.t.http('GET', `/api/courses/${course.id}/changes`, { token: kit.adminToken })).json.cancelled).toEqual([]);
    expect((await kit.t.http('DELETE', `/api/cancelled-dates/${id}`, { token: kit.adminToken })).status).toBe(404);
  });

  it("money event \"booked after the closure\": at the announcement a child whose order does not cover the date is skipped", async () => {
    const { course, family: before } = await setup();
    const res = await post(`/api/courses/${course.id}/cancelled-dates`, { date: DATES[1]!.toISOString(), reason: 'Svømmestevne' });
    const id = res.json.cancelled[0]._id as string;
    // A family books within the undo time: its order pays for three dates, without the cancelled one.
    const after = await payForCourse(kit.t, course);
    expect(after.order.coveredDates).toHaveLength(3);
    const sent = await kit.t.http('POST', `/api/cancelled-dates/${id}/announce`, { token: kit.adminToken });
    expect(sent.status, sent.text).toBe(200);
    expect((await choicesOf(id)).map((c) => c.childId)).toEqual([before.children[0]!.id]);
    expect(await mailsTo(after.family)).toHaveLength(0);
    expect(await mailsTo(before)).toHaveLength(1);
  });
});

describe('a date cancelled before a family books (issue 52, I1)', () => {
  it('membership event "booked after a closure": the date shows cancelled on the public list, and the order pays only for the dates it gets', async () => {
    const { place, course, family: before, order: paidBefore } = await setup();
    const venueList = async () => {
      const res = await kit.t.http('GET', `/api/places/${place.id}/courses`);
      expect(res.status, res.text).toBe(200);
      return res.json as { _id: string; cancelledDates: string[]; booking: { remainingDates: string[]; price: number } }[];
    };
    // The public list is read (and cached) before the closure, as a visitor's would be.
    expect((await venueList()).find((c) => c._id === course.id)!.cancelledDates).toEqual([]);
    expect((await cancelDate(course.id, DATES[1]!)).status).toBe(200);

    const listed = (await venueList()).find((c) => c._id === course.id)!;
    expect(listed.cancelledDates).toEqual([DATES[1]!.toISOString()]);
    expect(listed.booking.remainingDates).toEqual([DATES[0], DATES[2], DATES[3]].map((d) => d!.toISOString()));
    // 1 000,01 kr over 4 dates is 250,01 + 250 + 250 + 250: the second date's 250 kr is not sold.
    expect(listed.booking.price).toBe(750.01);

    const { order } = await payForCourse(kit.t, course);
    expect(order.status).toBe('captured');
    expect(order.amountOre + order.creditOre).toBe(UNEVEN - dateSharesOre(UNEVEN, 4)[1]!);
    expect(order.coveredDates!.map((d) => new Date(d).toISOString())).toEqual(listed.booking.remainingDates);
    // The family that paid before the closure keeps its choice for that date, as before.
    const [choice] = await kit.t.db.select().from(dateChoices).where(eq(dateChoices.orderId, paidBefore.id));
    expect(choice).toMatchObject({ childId: before.children[0]!.id, shareOre: 25_000 });
  });
});

describe('one choice per child', () => {
  it('a make-up date: the child is on that course for that date only, and the one-tap link works once', async () => {
    const { course, makeup, family } = await setup({ makeupMax: 1 });
    await cancelDate(course.id, DATES[0]!);
    const secret = secretOf((await mailsTo(family))[0]!.text);
    const opened = await kit.t.http('POST', '/api/changes/open', { body: { secret } });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    const chosen = await kit.t.http('POST', '/api/changes/choose', { body: { secret, choice: 'makeup', courseId: makeup.id, date: WEDNESDAYS[1]!.toISOString() } });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.json).toMatchObject({ choice: 'makeup', chosenBy: 'family', makeup: { courseId: makeup.id, date: WEDNESDAYS[1]!.toISOString() } });
    // Once chosen, the link is no longer valid (L7): 404, as for an unknown link.
    const twice = await kit.t.http('POST', '/api/changes/choose', { body: { secret, choice: 'credit' } });
    expect(twice.status).toBe(404);

    const list = await kit.t.http('GET', `/api/courses/${makeup.id}/changes`, { token: kit.adminToken });
    expect(list.json.makeups).toEqual([{ childId: family.children[0]!.id, firstName: family.children[0]!.firstName, lastName: family.children[0]!.lastName, date: WEDNESDAYS[1]!.toISOString() }]);
    // That date is now full; a normal booking (every date) counts the fullest date.
    expect(await countTaken(kit.t.db, makeup.id)).toBe(1);
    const other = await createFamily(kit.t.db);
    const start = await kit.t.http('POST', '/api/vipps/payment', { token: await kit.t.token(other.guardians[0]!.id), body: { userId: other.guardians[0]!.id, childId: other.children[0]!.id, courseId: makeup.id } });
    expect(start.status).toBe(409);
  });

  it('a make-up without a date gives the child a token (decision 061), spent through "Finn erstatningstime"; the other choices close', async () => {
    const { course, makeup, family, token } = await setup();
    await cancelDate(course.id, DATES[0]!);
    const [notice] = await mine(token);
    const chosen = await kit.t.http('POST', `/api/changes/${notice._id}/choose`, { token, body: { choice: 'makeup' } });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.json).toMatchObject({ choice: 'makeup', makeup: null, makeupTokenId: expect.any(String) });
    const again = await kit.t.http('POST', `/api/changes/${notice._id}/choose`, { token, body: { choice: 'credit' } });
    expect(again.status).toBe(409);
    const tokenId = chosen.json.makeupTokenId as string;
    const family_ = (await kit.t.http('GET', `/api/profiles/${family.profile.id}/absences`, { token })).json;
    expect(family_.tokens).toEqual([expect.objectContaining({ _id: tokenId, source: 'closure', state: 'open' })]);
    const options = (await kit.t.http('GET', `/api/tokens/${tokenId}/makeup-options`, { token })).json as { courseId: string; date: string }[];
    expect(options.filter((o) => o.courseId === makeup.id).map((o) => o.date)).toEqual(WEDNESDAYS.map((d) => d.toISOString()));
    const spent = await kit.t.http('POST', `/api/tokens/${tokenId}/makeups`, { token, body: { courseId: makeup.id, date: WEDNESDAYS[2]!.toISOString() } });
    expect(spent.status, spent.text).toBe(200);
    expect((await mine(token))[0]).toMatchObject({ makeup: { courseId: makeup.id, date: WEDNESDAYS[2]!.toISOString() }, makeupTokenId: tokenId });
    const list = await kit.t.http('GET', `/api/courses/${makeup.id}/changes`, { token: kit.adminToken });
    expect(list.json.makeups).toEqual([expect.objectContaining({ childId: family.children[0]!.id, date: WEDNESDAYS[2]!.toISOString() })]);
  });

  it('offers make-up dates only on published courses at published venues (code review: unpublished ones were offered)', async () => {
    const { course, makeup, token } = await setup();
    await kit.t.db.update(courses).set({ published: false }).where(eq(courses.id, makeup.id));
    await cancelDate(course.id, DATES[0]!);
    const [notice] = await mine(token);
    // Other tests' courses share the town: only the make-up course is looked at.
    const ofMakeup = (options: { courseId: string }[]) => options.filter((o) => o.courseId === makeup.id);
    expect(ofMakeup(notice.options)).toEqual([]);
    const refused = await kit.t.http('POST', `/api/changes/${notice._id}/choose`, { token, body: { choice: 'makeup', courseId: makeup.id, date: WEDNESDAYS[0]!.toISOString() } });
    expect(refused.status).toBe(409);
    await kit.t.db.update(courses).set({ published: true }).where(eq(courses.id, makeup.id));
    const [again] = await mine(token);
    expect(ofMakeup(again.options)).toHaveLength(WEDNESDAYS.length);
  });

  it('a refund of the date’s share through Vipps (uneven price), matched by the simulator’s aggregate', async () => {
    const { course, token, order } = await setup();
    await cancelDate(course.id, DATES[0]!);
    const [notice] = await mine(token);
    const res = await kit.t.http('POST', `/api/changes/${notice._id}/choose`, { token, body: { choice: 'refund' } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ choice: 'refund', chosenBy: 'family', shareAmount: 25_001 });
    expect(kit.t.sim.control.payment(order.reference)!.aggregate.refundedAmount.value).toBe(25_001);
    const events = await kit.t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.name, 'REFUNDED')));
    expect(events.map((e) => e.amountOre)).toEqual([25_001]);
    // Another parent cannot choose for this child.
    const stranger = await createFamily(kit.t.db);
    const denied = await kit.t.http('POST', `/api/changes/${notice._id}/choose`, { token: await kit.t.token(stranger.guardians[0]!.id), body: { choice: 'credit' } });
    expect(denied.status).toBe(403);
  });

  it('a credit on the family: a ledger entry with reason, order and a 12-month expiry', async () => {
    const { course, token, order, family } = await setup();
    await cancelDate(course.id, DATES[3]!);
    const [notice] = await mine(token);
    const res = await kit.t.http('POST', `/api/changes/${notice._id}/choose`, { token, body: { choice: 'credit' } });
    expect(res.status, res.text).toBe(200);
    const credit = await kit.t.http('GET', `/api/profiles/${family.profile.id}/credit`, { token });
    expect(credit.json.balance).toBe(25_000);
    expect(credit.json.entries).toMatchObject([{ amount: 25_000, orderId: order.id, usedBy: null }]);
    const expires = new Date(credit.json.entries[0].expiresAt).getTime();
    expect(expires - clock.current.getTime()).toBeGreaterThan(364 * 86_400_000);
    expect(expires - clock.current.getTime()).toBeLessThan(367 * 86_400_000);
    expect(kit.t.sim.control.payment(order.reference)!.aggregate.refundedAmount.value).toBe(0);
  });

  it('no choice within 7 days: the school’s default (credit) applies, and the admin sees who chose what', async () => {
    const { course, family } = await setup();
    await cancelDate(course.id, DATES[2]!);
    clock.current = new Date(clock.current.getTime() + 6 * 86_400_000);
    expect(await applyDefaults(kit.t.ctx)).toBe(0);
    clock.current = new Date(clock.current.getTime() + 1 * 86_400_000 + 60_000);
    expect(await applyDefaults(kit.t.ctx)).toBeGreaterThanOrEqual(1);
    const credits = await kit.t.db.select().from(familyCredits).where(eq(familyCredits.profileId, family.profile.id));
    expect(credits.map((c) => c.amountOre)).toEqual([25_000]);
    const seen = await kit.t.http('GET', `/api/courses/${course.id}/changes`, { token: kit.adminToken });
    expect(seen.json.choices).toMatchObject([{ childId: family.children[0]!.id, choice: 'credit', chosenBy: 'default' }]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the last place (PostgreSQL: PGlite is one connection, nothing races)', () => {
  it('a make-up and a normal booking race for it: exactly one gets it, never oversold', async () => {
    for (let round = 0; round < 3; round++) {
      const { course, makeup, token } = await setup({ makeupMax: 1 });
      await cancelDate(course.id, DATES[0]!);
      const [notice] = await mine(token);
      const other = await createFamily(kit.t.db);
      const otherToken = await kit.t.token(other.guardians[0]!.id);
      const [a, b] = await Promise.all([
        kit.t.http('POST', `/api/changes/${notice._id}/choose`, { token, body: { choice: 'makeup', courseId: makeup.id, date: WEDNESDAYS[0]!.toISOString() } }),
        kit.t.http('POST', '/api/vipps/payment', { token: otherToken, body: { userId: other.guardians[0]!.id, childId: other.children[0]!.id, courseId: makeup.id } }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect(await countTaken(kit.t.db, makeup.id)).toBe(1);
    }
  });
});

describe('per-date shares', () => {
  it('add up to what was paid for prices that do not divide evenly', () => {
    for (const [price, count] of [[100_001, 4], [195_000, 7], [1, 3], [99_999, 10], [123_457, 6]] as const) {
      const shares = Array.from({ length: count }, (_, i) => shareOfDate({ amountOre: ore(price), coveredDates: null }, Array.from({ length: count }, (_, j) => new Date(Date.UTC(2027, 0, j + 1))), new Date(Date.UTC(2027, 0, i + 1))));
      expect(shares.reduce((a, b) => a + b, 0)).toBe(price);
      expect(shares).toEqual(dateSharesOre(price, count));
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
  });
});

describe('the family calendar feed', () => {
  const read = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => ({ uid: v.getFirstPropertyValue('uid'), status: v.getFirstPropertyValue('status'), summary: v.getFirstPropertyValue('summary'), start: (v.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate() }));

  it('every date of the child’s course and its make-up date; a cancelled date keeps its UID as STATUS:CANCELLED', async () => {
    const { course, makeup, family, token } = await setup();
    const feed = await kit.t.http('GET', `/api/profiles/${family.profile.id}/calendar-feed`, { token });
    expect(feed.status).toBe(200);
    expect(feed.json.webcalUrl).toMatch(/^webcal:\/\//);
    const path = new URL(feed.json.url).pathname;
    const before = await kit.t.http('GET', path);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(before.text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(before.text).toContain('X-PUBLISHED-TTL:PT1H');
    const etag = before.headers.get('etag')!;
    expect((await kit.t.http('GET', path, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const events = read(before.text);
    expect(events).toHaveLength(4);
    const uid = events.find((e) => e.start.getTime() === DATES[0]!.getTime())!.uid;

    await cancelDate(course.id, DATES[0]!);
    const [notice] = await mine(token);
    await kit.t.http('POST', `/api/changes/${notice._id}/choose`, { token, body: { choice: 'makeup', courseId: makeup.id, date: WEDNESDAYS[0]!.toISOString() } });
    const after = await kit.t.http('GET', path);
    expect(after.headers.get('etag')).not.toBe(etag);
    const now = read(after.text);
    expect(now).toHaveLength(5);
    expect(now.find((e) => e.uid === uid)).toMatchObject({ status: 'CANCELLED' });
    expect(now.filter((e) => e.status === 'CANCELLED')).toHaveLength(1);
    expect(now.find((e) => e.start.getTime() === WEDNESDAYS[0]!.getTime())).toMatchObject({ status: 'CONFIRMED' });
  });

  it('shows each lesson at the course’s Oslo time, in winter and in summer (walk-through finding 1), with one refresh hint', async () => {
    const family = await createFamily(kit.t.db);
    const winter = osloTime(2027, 2, 1, '09:30');
    const summer = osloTime(2027, 6, 7, '09:30');
    await createCourse(kit.t.db, { timeFrom: '09:30', timeTo: '10:00', dates: [winter, summer], participants: [family.children[0]!], ageMinMonths: null, ageMaxMonths: null, name: 'c52 Tid' });
    const token = await kit.t.token(family.guardians[0]!.id);
    const feed = (await kit.t.http('GET', `/api/profiles/${family.profile.id}/calendar-feed`, { token })).json;
    const text = (await kit.t.http('GET', new URL(feed.url).pathname)).text;
    // What a calendar app shows in Oslo: a UTC time converted, a zoned or floating time as written.
    const shown = (time: ICAL.Time) => (time.zone?.tzid === 'UTC' ? osloClock(time.toJSDate()) : `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`);
    const starts = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('dtstart') as ICAL.Time);
    expect(starts.map((s) => [s.toJSDate().getUTCMonth() + 1, shown(s)]).sort()).toEqual([[2, '09:30'], [6, '09:30']]);
    expect(starts.map((s) => s.toJSDate().getTime()).sort()).toEqual([winter.getTime(), summer.getTime()]);
    expect(text.match(/REFRESH-INTERVAL/g)).toHaveLength(1);
  });

  it("shows no other family's child; the address is unguessable, and a renewed address makes the old one 404", async () => {
    const a = await setup();
    const b = await setup();
    const feedA = (await kit.t.http('GET', `/api/profiles/${a.family.profile.id}/calendar-feed`, { token: a.token })).json;
    const textA = (await kit.t.http('GET', new URL(feedA.url).pathname)).text;
    expect(textA).toContain(a.family.children[0]!.firstName);
    expect(textA).not.toContain(b.family.children[0]!.id);
    expect(/calendar-feeds\/([A-Za-z0-9_-]{43})\.ics$/.test(feedA.url)).toBe(true);
    // Parent B may not read or renew A's address.
    expect((await kit.t.http('GET', `/api/profiles/${a.family.profile.id}/calendar-feed`, { token: b.token })).status).toBe(404);
    expect((await kit.t.http('POST', `/api/profiles/${a.family.profile.id}/calendar-feed`, { token: b.token })).status).toBe(404);
    expect((await kit.t.http('GET', `/api/calendar-feeds/${'A'.repeat(43)}.ics`)).status).toBe(404);

    const renewed = (await kit.t.http('POST', `/api/profiles/${a.family.profile.id}/calendar-feed`, { token: a.token })).json;
    expect(renewed.url).not.toBe(feedA.url);
    expect((await kit.t.http('GET', new URL(feedA.url).pathname)).status).toBe(404);
    expect((await kit.t.http('GET', new URL(renewed.url).pathname)).status).toBe(200);
    // Asking again shows the same (renewed) address.
    expect((await kit.t.http('GET', `/api/profiles/${a.family.profile.id}/calendar-feed`, { token: a.token })).json.url).toBe(renewed.url);
    void orders;
  });
});

describe('changes the families are told about', () => {
  const mailsWith = (family: Family, subject: string) => kit.t.db.select().from(outbox).where(and(eq(outbox.to, family.guardians[0]!.email!), like(outbox.subject, `${subject}%`)));

  it('an admin moves a child: the order names the course the child is on now, with the move in its history; the family is told', async () => {
    const { course, makeup, family, order } = await setup();
    const res = await kit.t.http('POST', `/api/courses/${course.id}/participants/${family.children[0]!.id}/move`, { token: kit.adminToken, body: { courseId: makeup.id } });
    expect(res.status, res.text).toBe(200);
    const [moved] = await kit.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(moved!.courseId).toBe(makeup.id);
    expect((moved!.additionalInfo as { moves: unknown[] }).moves).toMatchObject([{ fromCourseId: course.id, toCourseId: makeup.id }]);
    // The bookkeeping name of the sale stays the course it was sold for (a closed month is not rewritten).
    expect((moved!.additionalInfo as { course: { _id: string } }).course._id).toBe(course.id);
    // The admin's order view names the course the child is on now and the move.
    const page = await kit.t.http('GET', `/api/payments?q=${order.humanReference}`, { token: kit.adminToken });
    const shown = page.json.orders.find((o: { _id: string }) => o._id === order.id);
    expect(shown.moves).toMatchObject([{ from: course.name, to: makeup.name }]);
    const mails = await mailsWith(family, `${family.children[0]!.firstName} er flyttet`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('til c38 Onsdag');
  });

  it('an admin adds and removes a child, and moves a course’s time: each family is told', async () => {
    const { course, family } = await setup();
    const other = await createFamily(kit.t.db);
    expect((await kit.t.http('POST', `/api/courses/${course.id}/participants`, { token: kit.adminToken, body: { id: other.children[0]!.id } })).status).toBe(200);
    expect(await mailsWith(other, `${other.children[0]!.firstName} er satt på`)).toHaveLength(1);
    expect((await kit.t.http('DELETE', `/api/courses/${course.id}/participants/${other.children[0]!.id}`, { token: kit.adminToken })).status).toBe(200);
    expect(await mailsWith(other, `${other.children[0]!.firstName} er tatt av`)).toHaveLength(1);

    const body = {
      name: course.name, placeId: course.placeId, dates: DATES.map((d) => d.toISOString()), timeFrom: '18:00', timeTo: '18:30', experienceLevel: 'Nybegynner',
      participantsAge: '1–2 år', ageMinMonths: null, ageMaxMonths: null, lateBookingMaxPassed: null, proRata: true, price: 1000, maximumParticipants: 6, instructors: [], info: '', published: true, confirm: true,
    };
    const patched = await kit.t.http('PATCH', `/api/courses/${course.id}`, { token: kit.adminToken, body });
    expect(patched.status, patched.text).toBe(200);
    const told = await mailsWith(family, 'Endring:');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('Ny tid: kl. 18:00–18:30');
  });
});

describe('the settings slice "closures" (decision 054)', () => {
  it('a cancelled date keeps the version it was confirmed under: its undo time, its days to choose and its default', async () => {
    const MINUTE = 60_000;
    const DAY = 24 * 60 * MINUTE;
    const { course, token } = await setup();
    const cancel = async (date: Date) => {
      const res = await kit.t.http('POST', `/api/courses/${course.id}/cancelled-dates`, { token: kit.adminToken, body: { date: date.toISOString(), reason: 'Svømmestevne' } });
      expect(res.status, res.text).toBe(200);
      return res;
    };
    const early = await cancel(DATES[1]!);
    expect(new Date(early.json.announceAt).getTime()).toBe(clock.current.getTime() + 10 * MINUTE);
    const put = await kit.t.http('PUT', '/api/settings/closures', { token: kit.adminToken, body: { undoMinutes: 30, choiceDays: 3, defaultChoice: 'refund' } });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({ version: 2 });
    const late = await cancel(DATES[2]!);
    expect(new Date(late.json.announceAt).getTime()).toBe(clock.current.getTime() + 30 * MINUTE);
    await announceAll(early);
    await announceAll(late);
    const choices = (await mine(token)) as { date: string; deadline: string; defaultChoice: string }[];
    const byDate = (d: Date) => choices.find((c) => c.date === d.toISOString())!;
    expect(byDate(DATES[1]!)).toMatchObject({ deadline: new Date(clock.current.getTime() + 7 * DAY).toISOString(), defaultChoice: 'credit' });
    expect(byDate(DATES[2]!)).toMatchObject({ deadline: new Date(clock.current.getTime() + 3 * DAY).toISOString(), defaultChoice: 'refund' });
    // The next admin change does not reach a date confirmed before it.
    await kit.t.http('PUT', '/api/settings/closures', { token: kit.adminToken, body: { undoMinutes: 10, choiceDays: 7, defaultChoice: 'credit' } });
    expect(byDate(DATES[2]!).defaultChoice).toBe('refund');
    expect(((await mine(token)) as { date: string; defaultChoice: string }[]).find((c) => c.date === DATES[2]!.toISOString())!.defaultChoice).toBe('refund');
  });
});
