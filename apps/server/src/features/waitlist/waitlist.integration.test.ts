import { courseDisplayName, formatDateTime, osloDateKey } from '@app/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../../test/clock';
import { courses, orders, outbox, participants, waitlistEntries } from '../../db/schema';
import { createCourse, createFamily, createUser, type Family, type TestCourse } from '../../test/builders';
import { submitLandingPage } from '../../test/epayment';
import { countRows } from '../../test/security/fixtures';
import { startBookingTest, type BookingTest } from '../../test/booking';
import { offerLengthMs, processWaitlists } from './waitlist.service';

/** The waitlist (issue 16, decision 016) over real HTTP, with a clock the test moves. */
const HOUR = 3_600_000;
const clock = movableClock(Date.now());
let t: BookingTest;
let adminToken: string;

beforeAll(async () => {
  t = await startBookingTest({ clock });
  const admin = await createUser(t.db, { roles: ['parent', 'admin'] });
  adminToken = await t.token(admin.id);
});
afterAll(() => t.close());

const guardian = (family: Family) => family.guardians[0]!;
const child = (family: Family) => family.children[0]!;

async function join(family: Family, course: TestCourse) {
  return t.http('POST', `/api/courses/${course.id}/waitlist`, { token: await t.token(guardian(family).id), body: { childId: child(family).id } });
}
async function mine(family: Family) {
  const res = await t.http('GET', '/api/waitlist/mine', { token: await t.token(guardian(family).id) });
  expect(res.status, res.text).toBe(200);
  return res.json as { _id: string; status: string; position: number; offerExpiresAt: string | null; course: { _id: string } }[];
}
async function pay(family: Family, course: TestCourse) {
  return t.http('POST', '/api/vipps/payment', {
    token: await t.token(guardian(family).id),
    body: { userId: guardian(family).id, childId: child(family).id, courseId: course.id },
  });
}
const statusOf = async (family: Family, course: TestCourse) =>
  (await t.db.select().from(waitlistEntries).where(and(eq(waitlistEntries.childId, child(family).id), eq(waitlistEntries.courseId, course.id))))
    .map((e) => e.status)
    .join(',');

describe('the offer chain', () => {
  it('frees a place → offer → expiry → next offer → payment', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 1, full: true, startsInDays: 14 });
    const [a, b, late] = [await createFamily(t.db), await createFamily(t.db), await createFamily(t.db)];

    expect((await pay(a, course)).json.error.code).toBe('COURSE_FULL');
    const joined = await join(a, course);
    expect(joined.status, joined.text).toBe(201);
    expect(joined.json).toMatchObject({ status: 'waiting', position: 1 });
    expect((await join(b, course)).json).toMatchObject({ position: 2 });
    expect((await join(late, course)).json).toMatchObject({ position: 3 });
    expect((await join(a, course)).json.error.code).toBe('ALREADY_ON_WAITLIST');
    // The last one leaves: the others keep their places.
    const lateEntry = (await mine(late))[0]!;
    expect((await t.http('DELETE', `/api/waitlist/${lateEntry._id}`, { token: await t.token(guardian(late).id) })).status).toBe(200);

    // Nothing is free yet: the job offers nothing.
    expect(await processWaitlists(t.ctx)).toMatchObject({ offered: 0 });

    // An admin takes the participant off: a place is free, the first child waiting gets it.
    const removed = await t.http('DELETE', `/api/courses/${course.id}/participants/${course.participantChildIds[0]}`, { token: adminToken });
    expect(removed.status, removed.text).toBe(200);
    expect(await processWaitlists(t.ctx)).toMatchObject({ offered: 1 });
    expect(await processWaitlists(t.ctx)).toMatchObject({ offered: 0 }); // made once
    const [offerA] = await mine(a);
    expect(offerA).toMatchObject({ status: 'offered', position: 0 });
    expect(Date.parse(offerA!.offerExpiresAt!) - clock.now().getTime()).toBe(24 * HOUR);
    expect((await mine(b))[0]).toMatchObject({ status: 'waiting', position: 1 });
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, guardian(a).email!));
    expect(mail?.subject).toContain('Ledig plass');
    expect(mail?.text).toContain(`${t.url}/profil`);
    expect(mail?.text).toContain(t.app.env.site.companyName);

    // The held offer counts as taken: B cannot pay, the course shows no free place.
    expect((await pay(b, course)).json.error.code).toBe('COURSE_FULL');
    const list = await t.http('GET', `/api/places/${course.placeId}/courses`);
    expect((list.json as { _id: string; freePlaces: number }[]).find((c) => c._id === course.id)?.freePlaces).toBe(0);

    // Time runs out: the offer passes to B, automatically.
    clock.advance(24 * HOUR + 60_000);
    expect(await processWaitlists(t.ctx)).toMatchObject({ expired: 1, offered: 1 });
    expect(await statusOf(a, course)).toBe('expired');
    expect((await mine(b))[0]).toMatchObject({ status: 'offered' });
    expect((await pay(a, course)).json.error.code).toBe('COURSE_FULL');

    // B pays within the time: the normal Vipps flow books the place and ends the entry.
    const started = await pay(b, course);
    expect(started.status, started.text).toBe(200);
    await submitLandingPage(started.json.redirectUrl, 'Betal');
    await t.sim.control.webhooksIdle();
    const onCourse = await t.db.select().from(participants).where(eq(participants.courseId, course.id));
    expect(onCourse.map((p) => p.childId)).toEqual([child(b).id]);
    expect(await statusOf(b, course)).toBe('booked');
    expect(await mine(b)).toEqual([]);
    expect(await processWaitlists(t.ctx)).toMatchObject({ offered: 0 });
  });

  it('membership event "joined the waitlist": the list gives the display name of the course beside its API name (walk-through 8)', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 1, full: true, startsInDays: 14, name: 'Småbarnsvømming 3', participantsAge: '2–4 år' });
    const family = await createFamily(t.db);
    expect((await join(family, course)).status).toBe(201);
    const [entry] = await mine(family);
    expect(entry!.course).toMatchObject({ name: 'Småbarnsvømming 3', displayName: courseDisplayName(course) });
    expect(courseDisplayName(course)).toMatch(/^Nybegynner · 2–4 år · \p{Ll}+ kl\. 09:00$/u);
  });

  it('offers last 24 h, and the short hold when the course starts within 3 days', () => {
    const env = { offerHours: 24, shortOfferHours: 6 };
    const now = new Date('2026-03-01T10:00:00Z');
    expect(offerLengthMs(env, new Date('2026-03-10T10:00:00Z'), now)).toBe(24 * HOUR);
    expect(offerLengthMs(env, new Date('2026-03-04T09:59:00Z'), now)).toBe(6 * HOUR);
    expect(offerLengthMs(env, new Date('2026-02-20T10:00:00Z'), now)).toBe(6 * HOUR);
  });

  it('an offer lasts as the settings slice "waitlist" says when it is made (decision 054)', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 1, full: true });
    const family = await createFamily(t.db);
    await join(family, course);
    const put = await t.http('PUT', '/api/settings/waitlist', { token: adminToken, body: { offerHours: 48, shortOfferHours: 6, priorityDays: 10 } });
    expect(put.status, put.text).toBe(200);
    expect((await t.http('GET', `/api/courses/${course.id}/priority`, { token: adminToken })).json.defaultDays).toBe(10);
    await t.db.delete(participants).where(eq(participants.courseId, course.id));
    const offered = await t.http('POST', `/api/waitlist/${(await mine(family))[0]!._id}/offer`, { token: adminToken });
    expect(offered.status, offered.text).toBe(200);
    expect(Date.parse((await mine(family))[0]!.offerExpiresAt!) - clock.now().getTime()).toBe(48 * HOUR);
    const back = await t.http('PUT', '/api/settings/waitlist', { token: adminToken, body: { offerHours: 24, shortOfferHours: 6, priorityDays: 7 } });
    expect(back.status, back.text).toBe(200);
    // An offer already made keeps its time.
    expect(Date.parse((await mine(family))[0]!.offerExpiresAt!) - clock.now().getTime()).toBe(48 * HOUR);
  });

  it('a raised capacity frees places; a closed list takes nobody and offers nothing', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 1, full: true });
    const a = await createFamily(t.db);
    expect((await join(a, course)).status).toBe(201);
    const closed = await t.http('PUT', `/api/courses/${course.id}/waitlist`, { token: adminToken, body: { closed: true } });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json.entries).toEqual([]);
    expect(await statusOf(a, course)).toBe('closed');
    // The family hears of it: one e-mail to the guardian who put the child on the list.
    const mails = await t.db.select().from(outbox).where(and(eq(outbox.to, guardian(a).email!), like(outbox.subject, 'Ventelisten er stengt%')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${child(a).firstName} ${child(a).lastName} står ikke lenger på den`);
    expect(mails[0]!.text).toContain(`${t.url}/kurs`);
    expect((await join(await createFamily(t.db), course)).json.error.code).toBe('WAITLIST_CLOSED');

    await t.http('PUT', `/api/courses/${course.id}/waitlist`, { token: adminToken, body: { closed: false } });
    const b = await createFamily(t.db);
    expect((await join(b, course)).status).toBe(201);
    await t.db.update(courses).set({ maximumParticipants: 2 }).where(eq(courses.id, course.id));
    expect(await processWaitlists(t.ctx)).toMatchObject({ offered: 1 });
    expect((await mine(b))[0]).toMatchObject({ status: 'offered' });
  });

  it('the admin sees the list in order, offers by hand and skips', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 1, full: true });
    const [a, b] = [await createFamily(t.db), await createFamily(t.db)];
    await join(a, course);
    await join(b, course);
    const list = await t.http('GET', `/api/courses/${course.id}/waitlist`, { token: adminToken });
    expect(list.status, list.text).toBe(200);
    expect(list.json.entries.map((e: { child: { _id: string }; position: number }) => [e.child._id, e.position])).toEqual([
      [child(a).id, 1],
      [child(b).id, 2],
    ]);
    const [entryA, entryB] = list.json.entries as { _id: string }[];
    // Full: no offer by hand.
    expect((await t.http('POST', `/api/waitlist/${entryB!._id}/offer`, { token: adminToken })).json.error.code).toBe('COURSE_FULL');
    await t.db.delete(participants).where(eq(participants.courseId, course.id));
    const offered = await t.http('POST', `/api/waitlist/${entryB!._id}/offer`, { token: adminToken });
    expect(offered.status, offered.text).toBe(200);
    expect(offered.json.entries[1]).toMatchObject({ status: 'offered', offeredByAdmin: true });
    // Skipping B passes the place on to A.
    const skipped = await t.http('POST', `/api/waitlist/${entryB!._id}/skip`, { token: adminToken });
    expect(skipped.json.entries).toMatchObject([{ _id: entryA!._id, status: 'offered' }]);
    const overview = await t.http('GET', '/api/waitlist', { token: adminToken });
    expect(overview.json.find((c: { courseId: string }) => c.courseId === course.id)).toMatchObject({ waiting: 0, offered: 1 });
  });

  it('joining: only a full course, never a course the child is on; bad input is 400 with nothing written', async () => {
    const open = await createCourse(t.db, { maximumParticipants: 5 });
    const a = await createFamily(t.db);
    expect((await join(a, open)).json.error.code).toBe('COURSE_NOT_FULL');
    const full = await createCourse(t.db, { maximumParticipants: 1, participants: [child(a)] });
    expect((await join(a, full)).json.error.code).toBe('CHILD_ALREADY_IN_COURSE');
    const stranger = await createFamily(t.db);
    const foreign = await t.http('POST', `/api/courses/${full.id}/waitlist`, { token: await t.token(guardian(stranger).id), body: { childId: child(a).id } });
    expect(foreign.status).toBe(404);
    const before = await countRows(t.db);
    for (const body of [{}, { childId: 'nope' }, { childId: `${child(a).id}\u0000` }, { childId: 42 }]) {
      const res = await t.http('POST', `/api/courses/${full.id}/waitlist`, { token: await t.token(guardian(a).id), body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.http('POST', '/api/courses/not-an-id/waitlist', { token: await t.token(guardian(a).id), body: { childId: child(a).id } })).status).toBe(400);
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe('returning swimmers first', () => {
  it('a child of the earlier course books in the window; another child is refused with nothing written; invitations once', async () => {
    const returning = await createFamily(t.db);
    const newcomer = await createFamily(t.db);
    const earlier = await createCourse(t.db, { startsInDays: -70, weeks: 8, participants: [child(returning)] });
    const next = await createCourse(t.db, { maximumParticipants: 6, startsInDays: 21 });
    const marked = await t.http('PUT', `/api/courses/${next.id}/priority`, { token: adminToken, body: { previousCourseIds: [earlier.id], days: 7 } });
    expect(marked.status, marked.text).toBe(200);
    // It opens to all at the start of the chosen day in Oslo, seven calendar days after today.
    const opens = new Date(marked.json.openToAllAt);
    expect(osloDateKey(opens)).toBe(osloDateKey(new Date(clock.now().getTime() + 7 * 24 * HOUR)));
    expect(formatDateTime(opens)).toMatch(/ 00:00$/);
    // The admin's form reads the marks back, with the default window length.
    const read = await t.http('GET', `/api/courses/${next.id}/priority`, { token: adminToken });
    expect(read.json).toEqual({ previousCourseIds: [earlier.id], openToAllAt: marked.json.openToAllAt, defaultDays: 7 });

    const list = await t.http('GET', `/api/places/${next.placeId}/courses`);
    expect((list.json as { _id: string; opensToAllAt: string | null }[]).find((c) => c._id === next.id)?.opensToAllAt).toBe(marked.json.openToAllAt);

    const before = await countRows(t.db);
    const refused = await pay(newcomer, next);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: 'PRIORITY_WINDOW', params: { opensAt: marked.json.openToAllAt } });
    expect(await countRows(t.db)).toEqual(before);

    expect((await pay(returning, next)).status).toBe(200);

    await processWaitlists(t.ctx);
    await processWaitlists(t.ctx);
    const invitations = await t.db.select().from(outbox).where(and(eq(outbox.to, guardian(returning).email!), like(outbox.subject, 'Fortsett%')));
    expect(invitations).toHaveLength(1);
    expect(invitations[0]!.text).toContain('/kurs/');
    expect(await t.db.select().from(outbox).where(and(eq(outbox.to, guardian(newcomer).email!), like(outbox.subject, 'Fortsett%')))).toEqual([]);

    // After the window everyone books.
    clock.advance(opens.getTime() - clock.now().getTime() + 1);
    expect((await pay(newcomer, next)).status).toBe(200);
    expect(await t.db.select().from(orders).where(eq(orders.courseId, next.id))).toHaveLength(2);
  });

  it('refuses an unknown or self-referencing earlier course (400, nothing saved)', async () => {
    const course = await createCourse(t.db);
    for (const previousCourseIds of [[course.id], ['0123456789abcdef01234567']]) {
      const res = await t.http('PUT', `/api/courses/${course.id}/priority`, { token: adminToken, body: { previousCourseIds, days: 7 } });
      expect(res.status).toBe(400);
    }
  });
});
