import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseParticipantsSchema } from '@app/shared';
import { attendance, participants } from '../../db/schema';
import { createCourse, createFamily, createInstructor, createOrder, createVenue, createUser, type CourseRow, type Family, type PlaceRow, type UserRow } from '../../test/builders';
import { countRows } from '../../test/security/fixtures';
import { createTestApp, type TestContext } from '../../test/app';
import { removeParticipant } from './participants.service';

/** Spec §6/§7: an admin adds, removes and moves participants; the course's instructors read the list and take
 * attendance. Capacity holds for add and move unless the admin overrides explicitly (recorded). */
describe('participants', () => {
  let ctx: TestContext;
  let admin: UserRow;
  let parent: UserRow;
  let anne: UserRow;
  let bjorn: UserRow;
  let place: PlaceRow;
  let family: Family;
  const tokens: Record<string, string> = {};

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: string, payload?: unknown) =>
    ctx.app.inject({ method, url, payload: payload as never, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
  const onCourse = async (courseId: string) =>
    (await ctx.app.db.select().from(participants).where(eq(participants.courseId, courseId))).map((p) => p.childId).sort();
  /** A new family whose first child holds a place on the course: an unpaid order with a live payment hold. */
  const familyHoldingPlace = async (course: CourseRow) => {
    const holder = await createFamily(ctx.app.db);
    await createOrder(ctx.app.db, {
      status: 'created',
      course,
      child: holder.children[0]!,
      user: holder.guardians[0]!,
      profileId: holder.profile.id,
      holdExpiresAt: new Date(Date.now() + 600_000),
    });
    return holder;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.app.db;
    admin = await createUser(db, { roles: ['parent', 'admin'] });
    parent = await createUser(db, { roles: ['parent'] });
    anne = await createInstructor(db, { firstName: 'Anne', roles: ['parent', 'instructor'] });
    bjorn = await createInstructor(db, { firstName: 'Bjørn' });
    place = await createVenue(db);
    family = await createFamily(db, {
      lastName: 'Ås',
      guardians: [{ firstName: 'Mor', phone: '4791234567', email: 'mor@example.no' }, { firstName: 'Far', phone: null, email: null }],
      children: [{ firstName: 'Øyvind' }, { firstName: 'Emma' }, { firstName: 'Åse' }, { firstName: 'Ola' }],
    });
    for (const [key, user] of Object.entries({ admin, parent, anne, bjorn })) tokens[key] = (await ctx.app.sessions.issue(user.id)).token;
  });
  afterAll(() => ctx.close());

  describe('children to add, by name (admin, issue 35)', () => {
    it('finds children by part of the name, accents and case ignored, with guardians and whether on the course; bounded by limit', async () => {
      const course = await createCourse(ctx.app.db, { place, maximumParticipants: 5 });
      const [oyvind, emma] = family.children as [(typeof family.children)[0], (typeof family.children)[0]];
      await call('POST', `/api/courses/${course.id}/participants`, 'admin', { id: emma.id });

      const res = await call('GET', `/api/courses/${course.id}/participants/candidates?name=oyvind%20as`, 'admin');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(1);
      expect(body.children).toEqual([
        {
          _id: oyvind.id,
          firstName: 'Øyvind',
          lastName: 'Ås',
          birthdate: expect.any(String),
          guardians: [
            { firstName: 'Mor', lastName: 'Ås' },
            { firstName: 'Far', lastName: 'Ås' },
          ],
          onCourse: false,
        },
      ]);

      // 'Emma Ås' and 'Ola Ås' both hold 'a ås'; limit 1 lists one of the two.
      const two = (await call('GET', `/api/courses/${course.id}/participants/candidates?name=A%20%C3%85S&limit=1`, 'admin')).json();
      expect(two.total).toBe(2);
      expect(two.children).toHaveLength(1);
      const emmaHit = (await call('GET', `/api/courses/${course.id}/participants/candidates?name=emma%20%C3%A5s`, 'admin')).json();
      expect(emmaHit.children.map((c: { onCourse: boolean }) => c.onCourse)).toEqual([true]);
      const none = await call('GET', `/api/courses/${course.id}/participants/candidates?name=zzzqqq`, 'admin');
      expect(none.json()).toEqual({ total: 0, children: [] });
      // LIKE's wildcards and SQL in the text are only text (a parameter, escaped): they match no child.
      for (const text of ['%%%', '___', "' or 1=1 --", '\\%_x']) {
        const res = await call('GET', `/api/courses/${course.id}/participants/candidates?name=${encodeURIComponent(text)}`, 'admin');
        expect(res.json(), text).toEqual({ total: 0, children: [] });
      }
    });

    it('refuses a short or missing text and an unbounded limit (400), others than admins, and an unknown course', async () => {
      const course = await createCourse(ctx.app.db, { place });
      for (const query of ['name=as', '', 'name=emma&limit=21', 'name=emma&limit=0', 'name=emma&limit=abc']) {
        const res = await call('GET', `/api/courses/${course.id}/participants/candidates?${query}`, 'admin');
        expect(res.statusCode, query).toBe(400);
      }
      expect((await call('GET', `/api/courses/${course.id}/participants/candidates?name=emma`, 'parent')).statusCode).toBe(403);
      expect((await call('GET', `/api/courses/${course.id}/participants/candidates?name=emma`, 'anne')).statusCode).toBe(403);
      expect((await call('GET', `/api/courses/${'0'.repeat(24)}/participants/candidates?name=emma`, 'admin')).statusCode).toBe(404);
    });
  });

  describe('add and remove (admin)', () => {
    it('adds a child (200) and removes it again; the ?t= cache-buster is accepted', async () => {
      const course = await createCourse(ctx.app.db, { place, maximumParticipants: 3 });
      const child = family.children[0]!;
      const res = await call('POST', `/api/courses/${course.id}/participants`, 'admin', { id: child.id });
      expect(res.statusCode).toBe(200);
      expect(await onCourse(course.id)).toEqual([child.id]);
      const [row] = await ctx.app.db.select().from(participants).where(eq(participants.courseId, course.id));
      expect(row).toMatchObject({ addedBy: admin.id, capacityOverride: false, orderId: null });

      const again = await call('POST', `/api/courses/${course.id}/participants`, 'admin', { id: child.id });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.code).toBe('CHILD_ALREADY_IN_COURSE');

      const removed = await call('DELETE', `/api/courses/${course.id}/participants/${child.id}?t=${Date.now()}`, 'admin');
      expect(removed.statusCode).toBe(200);
      expect(await onCourse(course.id)).toEqual([]);
      const gone = await call('DELETE', `/api/courses/${course.id}/participants/${child.id}`, 'admin');
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.code).toBe('CHILD_NOT_IN_COURSE');
    });

    it('refuses a full course (409 COURSE_FULL), counting live payment holds; the explicit override adds and is recorded', async () => {
      const course = await createCourse(ctx.app.db, { place, maximumParticipants: 2, participants: 1 });
      await familyHoldingPlace(course);
      const child = family.children[1]!;
      const full = await call('POST', `/api/courses/${course.id}/participants`, 'admin', { id: child.id });
      expect(full.statusCode).toBe(409);
      expect(full.json().error.code).toBe('COURSE_FULL');
      expect(await onCourse(course.id)).not.toContain(child.id);

      const forced = await call('POST', `/api/courses/${course.id}/participants`, 'admin', { id: child.id, override: true });
      expect(forced.statusCode).toBe(200);
      const [row] = await ctx.app.db
        .select()
        .from(participants)
        .where(and(eq(participants.courseId, course.id), eq(participants.childId, child.id)));
      expect(row).toMatchObject({ capacityOverride: true, addedBy: admin.id });
    });

    it('does not count the child’s own live hold against it (a parent paying for that very child)', async () => {
      const course = await createCourse(ctx.app.db, { place, maximumParticipants: 1 });
      const payer = await familyHoldingPlace(course);
      const res = await call('POST', `/api/courses/${course.id}/participants`, 'admin', { id: payer.children[0]!.id });
      expect(res.statusCode).toBe(200);
    });

    it('answers unknown child or course with 404 and writes nothing', async () => {
      const course = await createCourse(ctx.app.db, { place });
      const before = await countRows(ctx.app.db);
      expect((await call('POST', `/api/courses/${course.id}/participants`, 'admin', { id: 'e'.repeat(24) })).statusCode).toBe(404);
      expect((await call('POST', `/api/courses/${'e'.repeat(24)}/participants`, 'admin', { id: family.children[0]!.id })).statusCode).toBe(404);
      expect((await call('POST', `/api/courses/${course.id}/participants`, 'admin', {})).statusCode).toBe(400);
      expect(await countRows(ctx.app.db)).toEqual(before);
    });

    it('is admin only', async () => {
      const course = await createCourse(ctx.app.db, { place, instructors: [anne], participants: 1 });
      const child = family.children[3]!;
      const before = await countRows(ctx.app.db);
      expect((await call('POST', `/api/courses/${course.id}/participants`, undefined, { id: child.id })).statusCode).toBe(401);
      expect((await call('POST', `/api/courses/${course.id}/participants`, 'parent', { id: child.id })).statusCode).toBe(403);
      expect((await call('POST', `/api/courses/${course.id}/participants`, 'anne', { id: child.id })).statusCode).toBe(403);
      const existing = course.participantChildIds[0]!;
      expect((await call('DELETE', `/api/courses/${course.id}/participants/${existing}`, 'anne')).statusCode).toBe(403);
      expect(await countRows(ctx.app.db)).toEqual(before);
    });

    it('removeParticipant() is the function the refund flow calls (issue 14)', async () => {
      const course = await createCourse(ctx.app.db, { place, participants: 2 });
      await removeParticipant(ctx.app.db, course.id, course.participantChildIds[0]!);
      expect(await onCourse(course.id)).toEqual([course.participantChildIds[1]]);
      await expect(removeParticipant(ctx.app.db, course.id, course.participantChildIds[0]!)).rejects.toMatchObject({ code: 'CHILD_NOT_IN_COURSE' });
    });
  });

  describe('move (admin)', () => {
    it('moves a child in one step: off the old course, onto the new, the payment going with it', async () => {
      const from = await createCourse(ctx.app.db, { place, maximumParticipants: 5 });
      const to = await createCourse(ctx.app.db, { place, maximumParticipants: 5 });
      const mover = await createFamily(ctx.app.db);
      const { order } = await createOrder(ctx.app.db, { course: from, child: mover.children[0]!, user: mover.guardians[0]!, profileId: mover.profile.id, enrol: true });
      const res = await call('POST', `/api/courses/${from.id}/participants/${mover.children[0]!.id}/move`, 'admin', { courseId: to.id });
      expect(res.statusCode).toBe(200);
      expect(await onCourse(from.id)).toEqual([]);
      const [row] = await ctx.app.db.select().from(participants).where(eq(participants.courseId, to.id));
      expect(row).toMatchObject({ childId: mover.children[0]!.id, orderId: order.id, addedBy: admin.id, capacityOverride: false });
    });

    it('refuses a full target (nothing changes), moves with the override (recorded), and refuses bad moves', async () => {
      const from = await createCourse(ctx.app.db, { place, participants: 1 });
      const to = await createCourse(ctx.app.db, { place, maximumParticipants: 1, participants: 1 });
      const child = from.participantChildIds[0]!;
      const full = await call('POST', `/api/courses/${from.id}/participants/${child}/move`, 'admin', { courseId: to.id });
      expect(full.statusCode).toBe(409);
      expect(await onCourse(from.id)).toEqual([child]);
      expect(await onCourse(to.id)).toEqual([to.participantChildIds[0]]);

      const forced = await call('POST', `/api/courses/${from.id}/participants/${child}/move`, 'admin', { courseId: to.id, override: true });
      expect(forced.statusCode).toBe(200);
      const [row] = await ctx.app.db.select().from(participants).where(and(eq(participants.courseId, to.id), eq(participants.childId, child)));
      expect(row!.capacityOverride).toBe(true);

      expect((await call('POST', `/api/courses/${from.id}/participants/${child}/move`, 'admin', { courseId: to.id })).json().error.code).toBe('CHILD_NOT_IN_COURSE');
      expect((await call('POST', `/api/courses/${to.id}/participants/${child}/move`, 'admin', { courseId: to.id })).statusCode).toBe(400);
      const other = await createCourse(ctx.app.db, { place, participants: [{ id: child }] });
      const dup = await call('POST', `/api/courses/${to.id}/participants/${child}/move`, 'admin', { courseId: other.id });
      expect(dup.json().error.code).toBe('CHILD_ALREADY_IN_COURSE');
      expect(await onCourse(to.id)).toContain(child);
      expect((await call('POST', `/api/courses/${to.id}/participants/${child}/move`, 'anne', { courseId: from.id })).statusCode).toBe(403);
    });
  });

  describe('the participants list and attendance', () => {
    it('gives the course’s instructor the children sorted by first name (æøå last), guardians’ phone and e-mail', async () => {
      const course = await createCourse(ctx.app.db, { place, instructors: [anne], participants: family.children });
      const res = await call('GET', `/api/courses/${course.id}/participants`, 'anne');
      expect(res.statusCode).toBe(200);
      const list = courseParticipantsSchema.parse(res.json());
      expect(list.participants.map((p) => p.firstName)).toEqual(['Emma', 'Ola', 'Øyvind', 'Åse']);
      expect(list.participants[0]!.guardians).toEqual([
        { firstName: 'Mor', lastName: 'Ås', phone: '4791234567', email: 'mor@example.no' },
        { firstName: 'Far', lastName: 'Ås', phone: null, email: null },
      ]);
      expect(list.participants[0]!.profileId).toBeNull();
      expect(list.course.dates).toHaveLength(8);
      const asAdmin = courseParticipantsSchema.parse((await call('GET', `/api/courses/${course.id}/participants`, 'admin')).json());
      expect(asAdmin.participants[0]!.profileId).toBe(family.profile.id);
    });

    it('is 403 for an instructor of another course and for a parent, 401 for a visitor', async () => {
      const course = await createCourse(ctx.app.db, { place, instructors: [anne], participants: 1 });
      const other = await call('GET', `/api/courses/${course.id}/participants`, 'bjorn');
      expect(other.statusCode).toBe(403);
      expect(other.body).not.toContain(course.participantChildIds[0]!);
      expect((await call('GET', `/api/courses/${course.id}/participants`, 'parent')).statusCode).toBe(403);
      expect((await call('GET', `/api/courses/${course.id}/participants`)).statusCode).toBe(401);
      expect((await call('GET', `/api/courses/${'f'.repeat(24)}/participants`, 'anne')).statusCode).toBe(404);
    });

    it('stores attendance idempotently: the same batch twice is one mark; an older queued tap never wins', async () => {
      const course = await createCourse(ctx.app.db, { place, instructors: [anne], participants: 2, startsInDays: -7 });
      const [a, b] = course.participantChildIds as [string, string];
      const date = course.dates[0]!.toISOString();
      const t0 = new Date(Date.now() - 60_000).toISOString();
      const t1 = new Date(Date.now() - 30_000).toISOString();
      const batch = { marks: [{ childId: a, date, present: true, markedAt: t1 }, { childId: b, date, present: false, markedAt: t1 }] };
      const first = await call('POST', `/api/courses/${course.id}/attendance`, 'anne', batch);
      expect(first.statusCode).toBe(200);
      const second = await call('POST', `/api/courses/${course.id}/attendance`, 'anne', batch);
      expect(second.json()).toEqual(first.json());
      expect(await ctx.app.db.select().from(attendance).where(eq(attendance.courseId, course.id))).toHaveLength(2);

      // A tap made earlier (queued offline) arrives after the newer one: ignored.
      await call('POST', `/api/courses/${course.id}/attendance`, 'anne', { marks: [{ childId: a, date, present: false, markedAt: t0 }] });
      const list = courseParticipantsSchema.parse((await call('GET', `/api/courses/${course.id}/participants`, 'admin')).json());
      expect(list.attendance).toEqual(
        expect.arrayContaining([
          { childId: a, date, present: true },
          { childId: b, date, present: false },
        ]),
      );
      expect(list.attendance).toHaveLength(2);
    });

    it('refuses marks for a date that has not come (today counts), with 400 and nothing stored', async () => {
      // Dates a week apart: last week's, today's (later today, still open), next week's.
      const today = new Date(Date.now() + 60_000);
      const course = await createCourse(ctx.app.db, { place, instructors: [anne], participants: 1, startsInDays: -7, weeks: 3, timeFrom: '23:59' });
      const child = course.participantChildIds[0]!;
      const markedAt = new Date().toISOString();
      const [past, now, next] = course.dates as [Date, Date, Date];
      expect(next.getTime()).toBeGreaterThan(today.getTime());
      const ahead = await call('POST', `/api/courses/${course.id}/attendance`, 'anne', {
        marks: [{ childId: child, date: past.toISOString(), present: true, markedAt }, { childId: child, date: next.toISOString(), present: true, markedAt }],
      });
      expect(ahead.statusCode).toBe(400);
      expect(ahead.json().error.code).toBe('DATE_NOT_YET');
      expect(await ctx.app.db.select().from(attendance).where(eq(attendance.courseId, course.id))).toEqual([]);
      const ok = await call('POST', `/api/courses/${course.id}/attendance`, 'anne', {
        marks: [{ childId: child, date: past.toISOString(), present: true, markedAt }, { childId: child, date: now.toISOString(), present: false, markedAt }],
      });
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('refuses marks for a date the course does not have, a child not on it, and other instructors', async () => {
      const course = await createCourse(ctx.app.db, { place, instructors: [anne], participants: 1, startsInDays: -7 });
      const child = course.participantChildIds[0]!;
      const markedAt = new Date().toISOString();
      const before = await countRows(ctx.app.db);
      const wrongDate = await call('POST', `/api/courses/${course.id}/attendance`, 'anne', {
        marks: [{ childId: child, date: new Date(course.dates[0]!.getTime() + 3_600_000).toISOString(), present: true, markedAt }],
      });
      expect(wrongDate.statusCode).toBe(400);
      const stranger = await call('POST', `/api/courses/${course.id}/attendance`, 'anne', {
        marks: [{ childId: family.children[0]!.id, date: course.dates[0]!.toISOString(), present: true, markedAt }],
      });
      expect(stranger.statusCode).toBe(404);
      const otherInstructor = await call('POST', `/api/courses/${course.id}/attendance`, 'bjorn', {
        marks: [{ childId: child, date: course.dates[0]!.toISOString(), present: true, markedAt }],
      });
      expect(otherInstructor.statusCode).toBe(403);
      expect(await ctx.app.db.select().from(attendance).where(eq(attendance.courseId, course.id))).toEqual([]);
      expect(await countRows(ctx.app.db)).toEqual(before);
    });
  });
});
