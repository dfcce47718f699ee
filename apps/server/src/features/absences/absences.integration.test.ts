import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { familyAbsencesSchema, makeupTokenSchema } from '@app/shared';
import { freeOnDate, reserveSeat, countTaken } from '../../domain/enrolment/seats';
import { absences, makeups, makeupTokens, participants } from '../../db/schema';
import { createCourse, createFamily, createInstructor, createLadder, createOrder, createUser, createVenue, type Family, type TestCourse } from '../../test/builders';
import { createTestApp, type TestContext } from '../../test/app';
import { countRows } from '../../test/security/fixtures';
import { attendanceCount } from '../../repos/levels.repo';

/**
 * Issue 58 (decision 061) through the API, on whichever database the run uses (PostgreSQL with TEST_DATABASE_URL:
 * the races below really race): 'Meld fravær' frees one date's place and gives a token, a token books a make-up once,
 * an absence whose place was taken cannot be undone, and bad input writes nothing.
 */
describe('absences and make-up tokens', () => {
  let ctx: TestContext;
  let levelId: string;
  let place: { id: string };
  const tokens = new Map<Family, string>();
  let admin: string;
  const clock = { current: new Date(), now() { return this.current; } };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    ctx.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}` } });
  const family = async () => {
    const f = await createFamily(ctx.app.db);
    tokens.set(f, (await ctx.app.sessions.issue(f.guardians[0]!.id)).token);
    return f;
  };
  const as = (f: Family) => tokens.get(f)!;
  /** A course at the shared venue on the shared level, with these families' first children on it. */
  const course = (maximumParticipants: number, on: Family[], startsInDays = 14, instructors: { id: string }[] = []) =>
    createCourse(ctx.app.db, { place, levelId, maximumParticipants, participants: on.map((f) => f.children[0]!), startsInDays, weeks: 4, instructors: instructors as never });
  const report = (f: Family, c: TestCourse, date: Date, reason: 'sick' | 'other' | null = 'sick') =>
    call('POST', `/api/children/${f.children[0]!.id}/absences`, as(f), { courseId: c.id, date: date.toISOString(), reason });
  const view = async (f: Family) => familyAbsencesSchema.parse((await call('GET', `/api/profiles/${f.profile.id}/absences`, as(f))).json());

  beforeAll(async () => {
    ctx = await createTestApp({}, { clock });
    levelId = (await createLadder(ctx.app.db, [{ name: 'Babysvømming 1', skills: ['Flyter'] }]))[0]!.id;
    admin = (await ctx.app.sessions.issue((await createUser(ctx.app.db, { roles: ['admin', 'parent'] })).id)).token;
  });
  afterAll(() => ctx?.close());
  // A venue of its own per test (in a town of its own): the make-up options are this test's courses only.
  beforeEach(async () => {
    clock.current = new Date();
    place = await createVenue(ctx.app.db, { place: `By ${Math.random()}` });
  });

  it('an absence in time gives a token, frees the date for a make-up only, and shows on /profil; undo takes both back', async () => {
    const ida = await family();
    const a = await course(2, [ida, await family()]);
    const date = a.dates[1]!;
    expect(await freeOnDate(ctx.app.db, a, date)).toBe(0);
    const res = await report(ida, a, date);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ absence: { reason: 'sick' }, token: { source: 'absence', state: 'open', childId: ida.children[0]!.id } });
    // One place free on that date, for a make-up; a whole-course booking still sees a full course.
    expect(await freeOnDate(ctx.app.db, a, date)).toBe(1);
    expect(await countTaken(ctx.app.db, a.id)).toBe(2);
    const shown = await view(ida);
    expect(shown.dates.find((d) => d.date === date.toISOString())!.absence).toMatchObject({ reason: 'sick', tokenId: res.json().token._id });
    expect(shown.tokens).toHaveLength(1);
    // 'Last ned mine data' carries the absence, its reason and the token.
    const own = (await call('GET', '/api/users/me/data', as(ida))).json();
    const exported = own.profiles[0].children.find((c: { id: string }) => c.id === ida.children[0]!.id);
    expect(exported.absences).toEqual([expect.objectContaining({ courseId: a.id, date: date.toISOString(), reason: 'sick', undoneAt: null })]);
    expect(exported.makeupTokens).toEqual([expect.objectContaining({ source: 'absence', courseId: a.id, withdrawnAt: null, makeup: null })]);

    const again = await report(ida, a, date);
    expect(again.json().error.code).toBe('ALREADY_ABSENT');
    const undo = await call('DELETE', `/api/absences/${res.json().absence._id}`, as(ida));
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await freeOnDate(ctx.app.db, a, date)).toBe(0);
    expect((await view(ida)).tokens[0]!.state).toBe('withdrawn');
  });

  it('a place cancelled after an absence frees its date once, not twice', async () => {
    const ida = await family();
    const a = await course(2, [ida, await family()]);
    const date = a.dates[1]!;
    expect((await report(ida, a, date)).statusCode).toBe(200);
    expect(await freeOnDate(ctx.app.db, a, date)).toBe(1);
    await ctx.app.db.delete(participants).where(and(eq(participants.courseId, a.id), eq(participants.childId, ida.children[0]!.id)));
    expect(await freeOnDate(ctx.app.db, a, date)).toBe(1);
    expect(await countTaken(ctx.app.db, a.id)).toBe(1);
  });

  it('gives at most two tokens per course, and none after the deadline', async () => {
    const ida = await family();
    const a = await course(4, [ida]);
    for (const date of a.dates.slice(0, 3)) expect((await report(ida, a, date)).statusCode).toBe(200);
    const [first, second, third] = await Promise.all(a.dates.slice(0, 3).map(async (d) => (await ctx.app.db.select().from(absences).where(eq(absences.date, d))).find((r) => r.childId === ida.children[0]!.id)));
    const given = await ctx.app.db.select().from(makeupTokens).where(eq(makeupTokens.childId, ida.children[0]!.id));
    expect(given.map((t) => t.sourceId).sort()).toEqual([first!.id, second!.id].sort());
    expect(third).toBeDefined();
    // An hour before the start: absent, but no token.
    const soon = await course(4, [ida], 0);
    const inAnHour = new Date(Date.now() + 3_600_000);
    await ctx.app.db.execute(`update courses set dates = array['${inAnHour.toISOString()}'::timestamptz], first_date = '${inAnHour.toISOString()}', last_date = '${inAnHour.toISOString()}' where id = '${soon.id}'`);
    const late = await report(ida, soon, inAnHour);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().token).toBeNull();
  });

  it('bad input writes nothing: a past date, a date the child is not on, another family’s child', async () => {
    const ida = await family();
    const other = await family();
    const a = await course(4, [ida], -14);
    const before = await countRows(ctx.app.db);
    const past = await report(ida, a, a.dates[0]!);
    expect([past.statusCode, past.json().error.code]).toEqual([400, 'ABSENCE_DATE_PASSED']);
    const notOn = await report(ida, a, new Date(a.dates[3]!.getTime() + 86_400_000));
    expect([notOn.statusCode, notOn.json().error.code]).toEqual([400, 'NOT_A_COURSE_DATE']);
    const stranger = await call('POST', `/api/children/${ida.children[0]!.id}/absences`, as(other), { courseId: a.id, date: a.dates[3]!.toISOString() });
    expect(stranger.statusCode).toBe(403);
    expect(await countRows(ctx.app.db)).toEqual(before);
  });

  /** Ida absent on A's second date (a token); Ola on course B, same venue and level, wants a make-up with it. */
  async function withToken(bMax = 1) {
    const ida = await family();
    const ola = await family();
    const a = await course(2, [ida, ola]);
    const b = await course(bMax, [await family()]);
    const token = (await report(ida, a, a.dates[1]!)).json().token._id as string;
    return { ida, ola, a, b, token };
  }

  it("'Finn erstatningstime' offers the freed date of another course; one tap books it; it can be cancelled", async () => {
    const { ida, a, b, token } = await withToken(2);
    const options = (await call('GET', `/api/tokens/${token}/makeup-options`, as(ida))).json();
    expect(options.map((o: { courseId: string; date: string }) => `${o.courseId}/${o.date}`)).toEqual(b.dates.filter((d) => d > new Date()).map((d) => `${b.id}/${d.toISOString()}`));
    expect(options.some((o: { courseId: string }) => o.courseId === a.id)).toBe(false);
    const booked = await call('POST', `/api/tokens/${token}/makeups`, as(ida), { courseId: b.id, date: b.dates[2]!.toISOString() });
    expect(booked.statusCode, booked.body).toBe(200);
    const spent = makeupTokenSchema.parse(booked.json());
    expect(spent).toMatchObject({ state: 'spent', makeup: { courseId: b.id, date: b.dates[2]!.toISOString() } });
    expect(await freeOnDate(ctx.app.db, b, b.dates[2]!)).toBe(0);
    // Spent: undoing the absence is refused until the make-up is cancelled.
    const absenceId = (await view(ida)).dates.find((d) => d.absence)!.absence!._id;
    expect((await call('DELETE', `/api/absences/${absenceId}`, as(ida))).json().error.code).toBe('TOKEN_SPENT');
    const cancelled = await call('DELETE', `/api/makeups/${spent.makeup!._id}`, as(ida));
    expect(cancelled.json()).toMatchObject({ state: 'open', makeup: null });
    expect((await call('DELETE', `/api/absences/${absenceId}`, as(ida))).statusCode).toBe(200);
  });

  it('a make-up on a full date is refused and writes nothing', async () => {
    const { ida, b, token } = await withToken(1);
    expect((await call('GET', `/api/tokens/${token}/makeup-options`, as(ida))).json()).toEqual([]);
    const before = await countRows(ctx.app.db);
    const full = await call('POST', `/api/tokens/${token}/makeups`, as(ida), { courseId: b.id, date: b.dates[1]!.toISOString() });
    expect([full.statusCode, full.json().error.code]).toEqual([409, 'MAKEUP_DATE_FULL']);
    expect(await countRows(ctx.app.db)).toEqual(before);
  });

  it('one token spent twice at the same moment: one make-up, the other refused', async () => {
    const { ida, b, token } = await withToken(3);
    const answers = await Promise.all(
      [1, 2].map((i) => call('POST', `/api/tokens/${token}/makeups`, as(ida), { courseId: b.id, date: b.dates[i]!.toISOString() })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().error.code).toBe('TOKEN_NOT_USABLE');
    expect(await ctx.app.db.select().from(makeups).where(eq(makeups.tokenId, token))).toHaveLength(1);
  });

  it('an absence undone after its place was taken by a make-up is refused with a clear code', async () => {
    // Ida's absence frees A's date; Ola (on B) takes it with an admin's token; Ida cannot take her place back.
    const ida = await family();
    const ola = await family();
    const a = await course(1, [ida]);
    const b = await course(2, [ola]);
    const date = a.dates[1]!;
    const absence = (await report(ida, a, date)).json().absence._id as string;
    const given = await call('POST', `/api/children/${ola.children[0]!.id}/tokens`, admin, { courseId: b.id, reason: 'Glemt i fjor' });
    expect(given.statusCode, given.body).toBe(200);
    const took = await call('POST', `/api/tokens/${given.json()._id}/makeups`, as(ola), { courseId: a.id, date: date.toISOString() });
    expect(took.statusCode, took.body).toBe(200);
    const before = await countRows(ctx.app.db);
    const undo = await call('DELETE', `/api/absences/${absence}`, as(ida));
    expect([undo.statusCode, undo.json().error.code]).toEqual([409, 'ABSENCE_PLACE_TAKEN']);
    expect(await countRows(ctx.app.db)).toEqual(before);
    expect(await freeOnDate(ctx.app.db, a, date)).toBe(0);
  });

  it('a make-up and an ordinary booking race for the last place on a date: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      // A has one place left on every date, and the date has no absence: the booking and the make-up want the same place.
      const ola = await family();
      const a = await course(2, [await family()]);
      const b = await course(2, [ola]);
      const token = (await call('POST', `/api/children/${ola.children[0]!.id}/tokens`, admin, { courseId: b.id, reason: 'Kappløp' })).json()._id as string;
      const buyer = (await createFamily(ctx.app.db)).children[0]!;
      const booking = ctx.app.db.transaction(async (tx) => {
        const seat = await reserveSeat(tx, a.id, { by: 'booking', childId: buyer.id });
        if ('refused' in seat) return seat.refused;
        await createOrder(tx, { status: 'created', course: a, child: buyer, holdExpiresAt: new Date(Date.now() + 600_000) });
        return 'ok';
      });
      const makeup = call('POST', `/api/tokens/${token}/makeups`, as(ola), { courseId: a.id, date: a.dates[1]!.toISOString() }).then((r) => (r.statusCode === 200 ? 'ok' : r.json().error.code));
      const answers = await Promise.all([booking, makeup]);
      expect(answers.filter((x) => x === 'ok'), JSON.stringify(answers)).toHaveLength(1);
      expect(await freeOnDate(ctx.app.db, a, a.dates[1]!)).toBe(0);
    }
  });

  it("the instructors' lists change: 'Meldt fravær' and the head count on one course, the make-up child on the other; the family calendar shows the make-up", async () => {
    const anne = await createInstructor(ctx.app.db, { firstName: 'Anne' });
    const bjorn = await createInstructor(ctx.app.db, { firstName: 'Bjørn' });
    const [annes, bjorns] = [(await ctx.app.sessions.issue(anne.id)).token, (await ctx.app.sessions.issue(bjorn.id)).token];
    const ida = await family();
    const a = await course(3, [ida, await family()], 14, [anne]);
    const b = await course(3, [await family()], 14, [bjorn]);
    const token = (await report(ida, a, a.dates[1]!)).json().token._id as string;
    expect((await call('POST', `/api/tokens/${token}/makeups`, as(ida), { courseId: b.id, date: b.dates[2]!.toISOString() })).statusCode).toBe(200);
    const onA = (await call('GET', `/api/courses/${a.id}/changes`, annes)).json();
    expect(onA.absences).toEqual([expect.objectContaining({ childId: ida.children[0]!.id, date: a.dates[1]!.toISOString() })]);
    expect(onA.headcounts).toEqual([{ date: a.dates[1]!.toISOString(), count: 1 }]);
    const onB = (await call('GET', `/api/courses/${b.id}/changes`, bjorns)).json();
    expect(onB.makeups).toEqual([expect.objectContaining({ childId: ida.children[0]!.id, date: b.dates[2]!.toISOString() })]);
    expect(onB.headcounts).toEqual([{ date: b.dates[2]!.toISOString(), count: 2 }]);
    const feed = (await call('POST', `/api/profiles/${ida.profile.id}/calendar-feed`, as(ida))).json();
    const ics = await ctx.app.inject({ method: 'GET', url: `/api/calendar-feeds/${feed.url.split('/').pop()}` });
    // The make-up's event (its UID ends '-m'; the summary says '(erstatningstime)', folded over lines).
    expect(ics.body).toContain(`${ida.children[0]!.id}-${b.id}-${b.dates[2]!.getTime()}-m@`);

    // On the day, Bjørn ticks the visiting child present on that date, and only that date; it counts for Ida's course.
    clock.current = new Date(b.dates[2]!.getTime() + 60_000);
    const mark = (date: Date) =>
      call('POST', `/api/courses/${b.id}/attendance`, bjorns, { marks: [{ childId: ida.children[0]!.id, date: date.toISOString(), present: true, markedAt: clock.current.toISOString() }] });
    const other = await mark(b.dates[1]!);
    expect([other.statusCode, other.json().error.code]).toEqual([404, 'CHILD_NOT_IN_COURSE']);
    const marked = await mark(b.dates[2]!);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await attendanceCount(ctx.app.db, a.id, ida.children[0]!.id)).toMatchObject({ attended: 1 });
  });

  it('the school stays in control: a course or the school turns absences off, a course limits make-up places, an admin withdraws a token', async () => {
    const { ida, a, b, token } = await withToken(3);
    const options = async () => (await call('GET', `/api/tokens/${token}/makeup-options`, as(ida))).json() as { courseId: string }[];
    expect(await options()).toHaveLength(4);
    expect((await call('PUT', `/api/courses/${b.id}/absence-settings`, admin, { absencesOff: false, makeupLimit: 0 })).json()).toMatchObject({ makeupLimit: 0 });
    expect(await options()).toEqual([]);
    const full = await call('POST', `/api/tokens/${token}/makeups`, as(ida), { courseId: b.id, date: b.dates[1]!.toISOString() });
    expect(full.json().error.code).toBe('MAKEUP_DATE_FULL');
    await call('PUT', `/api/courses/${b.id}/absence-settings`, admin, { absencesOff: false, makeupLimit: null });

    await call('PUT', `/api/courses/${a.id}/absence-settings`, admin, { absencesOff: true, makeupLimit: null });
    expect((await report(ida, a, a.dates[2]!)).json().error.code).toBe('ABSENCES_OFF');
    await call('PUT', `/api/courses/${a.id}/absence-settings`, admin, { absencesOff: false, makeupLimit: null });
    const off = await call('PUT', '/api/settings/absences', admin, { enabled: false, deadlineHours: 2, tokensPerCourse: 2, tokenMinDays: 60 });
    expect(off.statusCode, off.body).toBe(200);
    expect((await report(ida, a, a.dates[2]!)).json().error.code).toBe('ABSENCES_OFF');
    await call('PUT', '/api/settings/absences', admin, { enabled: true, deadlineHours: 2, tokensPerCourse: 2, tokenMinDays: 60 });

    const course = (await call('GET', `/api/courses/${a.id}/absences`, admin)).json();
    expect(course.absences).toHaveLength(1);
    expect(course.tokens).toEqual([expect.objectContaining({ _id: token, state: 'open' })]);
    expect((await call('DELETE', `/api/tokens/${token}`, admin)).json()).toMatchObject({ state: 'withdrawn' });
    expect((await call('GET', `/api/tokens/${token}/makeup-options`, as(ida))).json().error.code).toBe('TOKEN_NOT_USABLE');
  });

  it('deadlines: a make-up is cancelled until its date’s absence deadline, an absence undone until its date begins', async () => {
    const { ida, a, b, token } = await withToken(2);
    const makeup = makeupTokenSchema.parse((await call('POST', `/api/tokens/${token}/makeups`, as(ida), { courseId: b.id, date: b.dates[1]!.toISOString() })).json()).makeup!;
    clock.current = new Date(b.dates[1]!.getTime() - 2 * 3_600_000 + 60_000);
    const late = await call('DELETE', `/api/makeups/${makeup._id}`, as(ida));
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'MAKEUP_CANCEL_TOO_LATE']);
    const [absence] = await ctx.app.db.select().from(absences).where(eq(absences.childId, ida.children[0]!.id));
    clock.current = new Date(a.dates[1]!.getTime() + 60_000);
    const undo = await call('DELETE', `/api/absences/${absence!.id}`, as(ida));
    expect([undo.statusCode, undo.json().error.code]).toEqual([409, 'ABSENCE_UNDO_TOO_LATE']);
  });
});
