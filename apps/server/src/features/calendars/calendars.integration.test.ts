import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createFamily, createUser } from '../../test/builders';
import { createTestApp, type TestContext } from '../../test/app';

/** POST /api/calendars: the course dates as .ics for a family on the course; 404 for everything else. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = async (userId: string | null, body: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/calendars',
    headers: userId ? { authorization: `Bearer ${(await ctx.app.sessions.issue(userId)).token}` } : {},
    payload: body as Record<string, unknown>,
  });

describe('course calendar download', () => {
  it('gives a family on the course its calendar as text/calendar with the spec file name', async () => {
    const db = ctx.database.db;
    const family = await createFamily(db, { guardians: 2 });
    const course = await createCourse(db, { name: 'Babysvømming Nybegynner', participants: family.children, weeks: 6 });
    for (const guardian of family.guardians) {
      const res = await post(guardian.id, { userId: guardian.id, courseId: course.id });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="kurskalender Babysvomming Nybegynner \d{2}\.\d{2}\.\d{4}\.ics"; filename\*=UTF-8''kurskalender%20Babysv%C3%B8mming%20Nybegynner%20\d{2}\.\d{2}\.\d{4}\.ics$/,
      );
      expect(res.body).toMatch(/^BEGIN:VCALENDAR/);
      expect(res.body.match(/BEGIN:VEVENT/g)).toHaveLength(6);
    }
  });

  it('is 404 for a course the family is not on, an unknown course, or another user; 401 without a session', async () => {
    const db = ctx.database.db;
    const family = await createFamily(db);
    const other = await createFamily(db);
    const course = await createCourse(db, { participants: other.children });
    const me = family.guardians[0]!.id;
    expect((await post(me, { userId: me, courseId: course.id })).statusCode).toBe(404);
    expect((await post(me, { userId: me, courseId: 'a'.repeat(24) })).statusCode).toBe(404);
    expect((await post(me, { userId: other.guardians[0]!.id, courseId: course.id })).statusCode).toBe(404);
    expect((await post(me, { userId: me, courseId: 'nope' })).statusCode).toBe(400);
    expect((await post(null, { userId: me, courseId: course.id })).statusCode).toBe(401);
  });

  it('lets an admin fetch any course calendar', async () => {
    const db = ctx.database.db;
    const admin = await createUser(db, { roles: ['parent', 'admin'] });
    const course = await createCourse(db);
    expect((await post(admin.id, { userId: admin.id, courseId: course.id })).statusCode).toBe(200);
  });
});
