import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childProgressSchema, courseProgressSchema } from '@app/shared';
import { ore } from '@app/shared';
import { attendance, cancelledDates, children, dateChoices, participants, progressNotes, skillMarks } from '../../db/schema';
import { createCourse, createFamily, createInstructor, createLadder, createUser, createVenue, type Family, type LadderLevel, type TestCourse, type UserRow } from '../../test/builders';
import { createTestApp, type TestContext } from '../../test/app';

/** Decision 057: marks converge (the latest made_at wins, every mark kept), refusals write nothing, 'Fremgang' and 'Kursbevis'. */
describe('progress', () => {
  let ctx: TestContext;
  let admin: UserRow;
  let anne: UserRow;
  let bjorn: UserRow;
  let family: Family;
  let ladder: LadderLevel[];
  let course: TestCourse;
  const tokens: Record<string, string> = {};
  const MINUTE = 60_000;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, who: string, payload?: unknown) =>
    ctx.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${tokens[who]}` } });
  const history = async (childId: string) => ctx.app.db.select().from(skillMarks).where(eq(skillMarks.childId, childId));
  const mark = (childId: string, skillId: string, state: 'Øver' | 'Mestrer', madeAt: Date) => ({ childId, skillId, state, madeAt: madeAt.toISOString() });
  const grid = async () => courseProgressSchema.parse((await call('GET', `/api/courses/${course.id}/progress`, 'anne')).json());

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.app.db;
    admin = await createUser(db, { roles: ['parent', 'admin'] });
    anne = await createInstructor(db, { firstName: 'Anne' });
    bjorn = await createInstructor(db, { firstName: 'Bjørn' });
    family = await createFamily(db, { children: [{ firstName: 'Åse' }, { firstName: 'Ola' }, { firstName: 'Per' }] });
    ladder = await createLadder(db, [
      { name: 'Babysvømming 1', skills: ['Flyter på ryggen med støtte', 'Dykker med hjelp'] },
      { name: 'Babysvømming 2', skills: ['Hopper fra kanten'] },
    ]);
    const place = await createVenue(db);
    course = await createCourse(db, { place, instructors: [anne, bjorn], participants: family.children.slice(0, 2), levelId: ladder[0]!.id });
    for (const [key, user] of Object.entries({ admin, anne, bjorn, parent: family.guardians[0]! })) tokens[key] = (await ctx.app.sessions.issue(user.id)).token;
  });
  afterAll(() => ctx.close());

  it("two instructors' marks converge: the later made_at wins, both stay in the history", async () => {
    const child = family.children[0]!.id;
    const skill = ladder[0]!.skillIds[0]!;
    const t = Date.now() - 10 * MINUTE;
    // Bjørn's later mark arrives first; Anne's earlier one (queued offline) after it.
    expect((await call('POST', `/api/courses/${course.id}/skill-marks`, 'bjorn', { marks: [mark(child, skill, 'Mestrer', new Date(t + MINUTE))] })).statusCode).toBe(200);
    const res = await call('POST', `/api/courses/${course.id}/skill-marks`, 'anne', { marks: [mark(child, skill, 'Øver', new Date(t))] });
    expect(res.statusCode).toBe(200);
    expect(res.json().marks).toEqual([expect.objectContaining({ childId: child, skillId: skill, state: 'Mestrer' })]);
    expect((await history(child)).map((m) => m.state).sort()).toEqual(['Mestrer', 'Øver']);
    expect((await grid()).marks).toEqual([expect.objectContaining({ childId: child, skillId: skill, state: 'Mestrer' })]);
  });

  it('an offline batch with a stale mark keeps it in the history without winning; a newer one in the same batch wins', async () => {
    const child = family.children[1]!.id;
    const [s1, s2] = ladder[0]!.skillIds as [string, string];
    const t = Date.now() - 30 * MINUTE;
    await call('POST', `/api/courses/${course.id}/skill-marks`, 'anne', { marks: [mark(child, s1, 'Mestrer', new Date(t + 10 * MINUTE))] });
    const res = await call('POST', `/api/courses/${course.id}/skill-marks`, 'bjorn', {
      marks: [mark(child, s1, 'Øver', new Date(t)), mark(child, s2, 'Øver', new Date(t)), mark(child, s2, 'Mestrer', new Date(t + MINUTE))],
    });
    expect(res.statusCode).toBe(200);
    const current = Object.fromEntries((await grid()).marks.filter((m) => m.childId === child).map((m) => [m.skillId, m.state]));
    expect(current).toEqual({ [s1]: 'Mestrer', [s2]: 'Mestrer' });
    expect(await history(child)).toHaveLength(4);
    // Every skill of the level mastered: the default recommendation is the next level.
    expect((await grid()).children.find((c) => c._id === child)?.defaultRecommendationId).toBe(ladder[1]!.id);
  });

  it('stores a mark up to 5 minutes ahead as the time received, and refuses one further ahead', async () => {
    const child = family.children[0]!.id;
    const skill = ladder[0]!.skillIds[1]!;
    const before = (await history(child)).length;
    const ahead = await call('POST', `/api/courses/${course.id}/skill-marks`, 'anne', { marks: [mark(child, skill, 'Øver', new Date(Date.now() + 4 * MINUTE))] });
    expect(ahead.statusCode).toBe(200);
    const stored = (await history(child)).find((m) => m.skillId === skill)!;
    expect(stored.madeAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await history(child)).length).toBe(before + 1);
  });

  it('refuses a batch with nothing written: a child not on the course, a skill of another level, a future time, a retired skill', async () => {
    const onCourse = family.children[0]!;
    const notOnCourse = family.children[2]!.id;
    const skill = ladder[0]!.skillIds[0]!;
    const now = new Date();
    const cases: [unknown[], number, string][] = [
      [[mark(onCourse.id, skill, 'Øver', now), mark(notOnCourse, skill, 'Øver', now)], 404, 'CHILD_NOT_IN_COURSE'],
      [[mark(onCourse.id, ladder[1]!.skillIds[0]!, 'Øver', now)], 400, 'SKILL_NOT_OF_LEVEL'],
      [[mark(onCourse.id, skill, 'Øver', new Date(now.getTime() + 6 * MINUTE))], 400, 'MARK_IN_FUTURE'],
      [[{ ...mark(onCourse.id, skill, 'Øver', now), state: 'Nesten' }], 400, 'VALIDATION'],
    ];
    const before = await ctx.app.db.$count(skillMarks);
    for (const [marks, status, code] of cases) {
      const res = await call('POST', `/api/courses/${course.id}/skill-marks`, 'anne', { marks });
      expect(res.statusCode, code).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    expect((await call('POST', `/api/courses/${course.id}/skill-marks`, 'anne', { marks: cases[0]![0] })).json().error.params).toEqual({ index: 1 });
    expect(await ctx.app.db.$count(skillMarks)).toBe(before);
    // A retired skill can be read, not marked.
    await call('PATCH', `/api/skills/${ladder[0]!.skillIds[1]}`, 'admin', { retired: true });
    const retired = await call('POST', `/api/courses/${course.id}/skill-marks`, 'anne', { marks: [mark(onCourse.id, ladder[0]!.skillIds[1]!, 'Mestrer', now)] });
    expect(retired.json().error.code).toBe('SKILL_RETIRED');
    expect((await grid()).level?.skills.find((s) => s._id === ladder[0]!.skillIds[1])?.retired).toBe(true);
    await call('PATCH', `/api/skills/${ladder[0]!.skillIds[1]}`, 'admin', { retired: false });
    expect(await ctx.app.db.$count(skillMarks)).toBe(before);
  });

  it('keeps the comment (at most 500 characters) and a recommendation of the same or the next level', async () => {
    const child = family.children[0]!.id;
    const url = `/api/courses/${course.id}/progress/${child}`;
    expect((await call('PUT', url, 'anne', { comment: 'x'.repeat(501), recommendedLevelId: null })).statusCode).toBe(400);
    expect((await call('PUT', url, 'anne', { comment: '', recommendedLevelId: '0123456789abcdef01234567' })).json().error.code).toBe('RECOMMENDATION_INVALID');
    expect(await ctx.app.db.$count(progressNotes)).toBe(0);
    expect((await call('PUT', url, 'anne', { comment: '  Flink til å dykke!  ', recommendedLevelId: ladder[1]!.id })).statusCode).toBe(200);
    const row = (await grid()).children.find((c) => c._id === child);
    expect(row).toMatchObject({ comment: 'Flink til å dykke!', recommendedLevelId: ladder[1]!.id });
  });

  it('refuses to delete a level or skill in use, and deletes an unused one', async () => {
    expect((await call('DELETE', `/api/skills/${ladder[0]!.skillIds[0]}`, 'admin')).json().error.code).toBe('LEVEL_IN_USE');
    expect((await call('DELETE', `/api/levels/${ladder[0]!.id}`, 'admin')).json().error.code).toBe('LEVEL_IN_USE');
    const [unused] = await createLadder(ctx.app.db, [{ name: 'Ubrukt', skills: ['Noe'] }]);
    expect((await call('DELETE', `/api/levels/${unused!.id}`, 'admin')).statusCode).toBe(204);
    expect((await call('POST', '/api/levels', 'admin', { name: 'babysvømming 1' })).json().error.code).toBe('LEVEL_NAME_TAKEN');
  });

  describe("'Fremgang' and 'Kursbevis'", () => {
    let finished: TestCourse;
    let other: TestCourse;
    beforeAll(async () => {
      const db = ctx.app.db;
      const child = family.children[0]!.id;
      finished = await createCourse(db, { instructors: [anne], startsInDays: -60, weeks: 4, participants: [family.children[0]!], levelId: ladder[0]!.id });
      // Two dates attended; the fourth cancelled (not held), with a make-up chosen on another course's date.
      const [d0, d1, , d3] = finished.dates as [Date, Date, Date, Date];
      await db.insert(attendance).values([d0, d1].map((date) => ({ courseId: finished.id, childId: child, date, present: true, markedAt: date })));
      other = await createCourse(db, { startsInDays: -50, weeks: 1, participants: [family.children[0]!] });
      const [cancelled] = await db.insert(cancelledDates).values({ courseId: finished.id, date: d3, reason: 'Stengt' }).returning();
      await db.insert(dateChoices).values({
        cancelledDateId: cancelled!.id,
        childId: child,
        shareOre: ore(0),
        secretHash: 'hash-of-a-test-secret',
        deadlineAt: d3,
        choice: 'makeup',
        makeupCourseId: other.id,
        makeupDate: other.dates[0]!,
      });
    });

    it("shows the ladder, the skills with the date mastered and the instructor's comment; a certificate needs the share of dates held", async () => {
      const child = family.children[0]!.id;
      const res = await call('GET', `/api/children/${child}/progress`, 'parent');
      expect(res.statusCode).toBe(200);
      const progress = childProgressSchema.parse(res.json());
      expect(progress.ladder.map((l) => l.name)).toEqual(['Babysvømming 1', 'Babysvømming 2']);
      const skill = progress.levels[0]!.skills.find((s) => s._id === ladder[0]!.skillIds[0])!;
      expect(skill).toMatchObject({ state: 'Mestrer', masteredAt: expect.any(String) });
      expect(progress.courses.find((c) => c._id === course.id)).toMatchObject({ comment: 'Flink til å dykke!', recommendedLevel: 'Babysvømming 2', certificate: false });
      // 2 of 3 dates held (67 %) is below the default 75 % (the make-up date has no attendance yet).
      expect(progress.courses.find((c) => c._id === finished.id)?.certificate).toBe(false);
      expect((await call('GET', `/api/children/${child}/courses/${finished.id}/certificate`, 'parent')).json().error.code).toBe('NO_CERTIFICATE');
    });

    it('counts a make-up date attended for the child’s own course, and gives a real PDF', async () => {
      const db = ctx.app.db;
      const child = family.children[0]!.id;
      const makeupDate = other.dates[0]!;
      await db.insert(attendance).values({ courseId: other.id, childId: child, date: makeupDate, present: true, markedAt: makeupDate });
      const progress = childProgressSchema.parse((await call('GET', `/api/children/${child}/progress`, 'parent')).json());
      expect(progress.courses.find((c) => c._id === finished.id)?.certificate).toBe(true);
      const res = await call('GET', `/api/children/${child}/courses/${finished.id}/certificate`, 'parent');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = await PDFDocument.load(res.rawPayload);
      expect(pdf.getTitle()).toBe(`Kursbevis for Åse ${family.children[0]!.lastName}`);
      expect(pdf.getPageCount()).toBe(1);
    });

    it("is in the family's data export", async () => {
      const data = (await call('GET', '/api/users/me/data', 'parent')).json();
      const exported = data.profiles[0].children.find((c: { id: string }) => c.id === family.children[0]!.id);
      expect(exported.progress.marks).toContainEqual(expect.objectContaining({ level: 'Babysvømming 1', skill: 'Flyter på ryggen med støtte', state: 'Mestrer' }));
      expect(exported.progress.notes).toEqual([{ courseId: course.id, comment: 'Flink til å dykke!', recommendedLevel: 'Babysvømming 2' }]);
    });

    it('is gone with the child', async () => {
      const child = family.children[1]!.id;
      expect((await history(child)).length).toBeGreaterThan(0);
      await ctx.app.db.delete(participants).where(eq(participants.childId, child));
      await ctx.app.db.delete(children).where(eq(children.id, child));
      expect(await history(child)).toHaveLength(0);
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instructors marking at once (PostgreSQL: PGlite is one connection)', () => {
  let ctx: TestContext;
  afterAll(() => ctx?.close());

  it('converges on the latest made_at whatever order the batches land in, with every mark kept', async () => {
    ctx = await createTestApp();
    const db = ctx.app.db;
    const [anne, bjorn] = [await createInstructor(db), await createInstructor(db)];
    const family = await createFamily(db, { children: 1 });
    const child = family.children[0]!.id;
    const [level] = await createLadder(db, [{ name: 'Racenivå', skills: ['Flyter'] }]);
    const skillId = level!.skillIds[0]!;
    const course = await createCourse(db, { instructors: [anne, bjorn], participants: [family.children[0]!], levelId: level!.id });
    const tokens = [anne, bjorn].map(async (u) => (await ctx.app.sessions.issue(u.id)).token);
    const [ta, tb] = await Promise.all(tokens);
    const t0 = Date.now() - 3_600_000;
    // 20 batches from each, their times interleaved; the very latest is Bjørn's 'Øver'.
    const sends = Array.from({ length: 40 }, (_, i) => {
      const token = i % 2 ? tb : ta;
      const state = i === 39 ? 'Øver' : i % 3 ? 'Mestrer' : 'Øver';
      return ctx.app.inject({
        method: 'POST',
        url: `/api/courses/${course.id}/skill-marks`,
        headers: { authorization: `Bearer ${token}` },
        payload: { marks: [{ childId: child, skillId, state, madeAt: new Date(t0 + i * 1000).toISOString() }] },
      });
    });
    const answers = await Promise.all(sends.reverse());
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
    expect(await db.$count(skillMarks, eq(skillMarks.childId, child))).toBe(40);
    const grid = courseProgressSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/courses/${course.id}/progress`, headers: { authorization: `Bearer ${ta}` } })).json(),
    );
    expect(grid.marks).toEqual([expect.objectContaining({ childId: child, skillId, state: 'Øver', madeAt: new Date(t0 + 39_000).toISOString() })]);
  });
});
