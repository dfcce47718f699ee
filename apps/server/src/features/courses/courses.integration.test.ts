import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseListSchema, type Course, ore } from '@app/shared';
import { courses } from '../../db/schema';
import {
  createCourse,
  createFamily,
  createInstructor,
  createVenue,
  createUser,
  type PlaceRow,
  type TestCourse,
} from '../../test/builders';
import { createTestApp, type TestContext } from '../../test/app';
import { contextFor } from '../../context';
import { movableClock } from '../../test/clock';
import { listPlaceCourses } from './courses.service';

const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

describe('courses API', () => {
  let ctx: TestContext;
  let place: PlaceRow;
  let other: PlaceRow;
  let hiddenPlace: PlaceRow;
  const c: Record<string, TestCourse> = {};

  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    return { res, body: res.statusCode === 200 ? courseListSchema.parse(res.json()) : [] };
  };
  const names = (list: Course[]) => list.map((x) => x.name);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.app.db;
    place = await createVenue(db, { name: 'Kursbadet' });
    other = await createVenue(db, { name: 'Annet Bad' });
    hiddenPlace = await createVenue(db, { name: 'Skjult Bad', published: false });
    const anne = await createInstructor(db, { firstName: 'Anne', lastName: 'Instruktør' });
    const bjorn = await createInstructor(db, { firstName: 'Bjørn', lastName: 'Lærer' });
    const family = await createFamily(db, {
      lastName: 'Hemmeligsen',
      children: [{ firstName: 'Privatbarn' }, { firstName: 'Skjultbarn' }],
    });

    c.late = await createCourse(db, { place, name: 'late', timeFrom: '10:00', startsInDays: 3 });
    c.earlySecond = await createCourse(db, { place, name: 'early-second', timeFrom: '09:00', startsInDays: 30 });
    c.earlyFirst = await createCourse(db, {
      place,
      name: 'early-first',
      timeFrom: '09:00',
      startsInDays: 2,
      maximumParticipants: 5,
      priceOre: ore(212_500),
      participants: family.children,
      instructors: [bjorn, anne],
    });
    c.full = await createCourse(db, { place, name: 'full', timeFrom: '11:00', maximumParticipants: 3, full: true });
    c.ongoing = await createCourse(db, { place, name: 'ongoing', timeFrom: '12:00', dates: [daysFromNow(-50), daysFromNow(10)] });
    c.endedInWindow = await createCourse(db, { place, name: 'ended-20', timeFrom: '13:00', dates: [daysFromNow(-60), daysFromNow(-20)] });
    c.endedBefore = await createCourse(db, { place, name: 'ended-22', timeFrom: '13:00', dates: [daysFromNow(-60), daysFromNow(-22)] });
    c.farAhead = await createCourse(db, { place, name: 'starts-182', timeFrom: '14:00', dates: [daysFromNow(182), daysFromNow(200)] });
    c.tooFar = await createCourse(db, { place, name: 'starts-184', timeFrom: '14:00', dates: [daysFromNow(184), daysFromNow(200)] });
    c.unpublished = await createCourse(db, { place, name: 'unpublished', published: false, startsInDays: 5 });
    c.nullPublished = await createCourse(db, { place, name: 'null-published', published: null, startsInDays: 5 });
    c.otherPlace = await createCourse(db, { place: other, name: 'other-place', startsInDays: 5 });
    c.hiddenPlace = await createCourse(db, { place: hiddenPlace, name: 'hidden-place', startsInDays: 5 });
  });
  afterAll(() => ctx.close());

  describe('GET /places/:id/courses', () => {
    it('returns the default window (21 days back to 183 ahead), sorted by start time then first date', async () => {
      const { res, body } = await get(`/api/places/${place.id}/courses`);
      expect(res.statusCode).toBe(200);
      expect(names(body)).toEqual(['early-first', 'early-second', 'late', 'full', 'ongoing', 'ended-20', 'starts-182']);
    });

    it('sends counts and free places, never participant identities', async () => {
      const { res, body } = await get(`/api/places/${place.id}/courses`);
      const first = body.find((x) => x._id === c.earlyFirst!.id)!;
      expect(first).toMatchObject({
        participantsCount: 2,
        freePlaces: 3,
        maximumParticipants: 5,
        price: 2125,
        timeFrom: '09:00',
        timeTo: '09:30',
        place: { _id: place.id, name: 'Kursbadet', slug: 'kursbadet', place: 'Oslo' },
        published: true,
      });
      expect(first.instructors.map((i) => i.firstName)).toEqual(['Anne', 'Bjørn']);
      expect(first.dates).toHaveLength(8);
      expect(body.find((x) => x.name === 'full')).toMatchObject({ participantsCount: 3, freePlaces: 0 });
      for (const course of res.json() as Record<string, unknown>[]) expect(course).not.toHaveProperty('participants');
      expect(res.body).not.toContain('Privatbarn');
      expect(res.body).not.toContain('Hemmeligsen');
      for (const id of c.earlyFirst!.participantChildIds) expect(res.body).not.toContain(id);
    });

    it('derives the weekday from the first date in Oslo', async () => {
      const date = new Date('2027-03-01T08:00:00Z'); // a Monday in Oslo
      const course = await createCourse(ctx.app.db, { place: other, name: 'weekday', dates: [date, new Date('2027-03-08T08:00:00Z')] });
      const { body } = await get(`/api/places/${other.id}/courses?startDate=${Date.parse('2027-02-01')}&endDate=${Date.parse('2027-04-01')}`);
      expect(body.find((x) => x._id === course.id)!.weekday).toBe(1);
    });

    it('never shows unpublished courses to a visitor', async () => {
      const { res } = await get(`/api/places/${place.id}/courses?startDate=0&endDate=${daysFromNow(400).getTime()}`);
      expect(res.body).not.toContain(c.unpublished!.id);
      expect(res.body).not.toContain(c.nullPublished!.id);
    });

    it('takes "now" from the app clock: the default window moves with it', async () => {
      const at = (now: Date) => listPlaceCourses({ ...contextFor(ctx.app, null), clock: movableClock(now) }, place.id, {});
      expect(names(await at(new Date()))).not.toContain('starts-184');
      const later = await at(daysFromNow(2));
      expect(names(later)).toContain('starts-184');
      expect(names(later)).not.toContain('ended-20');
    });

    it('lets an admin viewer see unpublished courses (service level)', async () => {
      const admin = { id: '0'.repeat(24), roles: ['admin' as const], isAdmin: true, isInstructor: false };
      const list = await listPlaceCourses(contextFor(ctx.app, admin), place.id, {});
      expect(list.map((x) => x.name)).toContain('unpublished');
      const parent = { id: '0'.repeat(24), roles: ['parent' as const], isAdmin: false, isInstructor: false };
      const parentList = await listPlaceCourses(contextFor(ctx.app, parent), place.id, {});
      expect(parentList.map((x) => x.name)).not.toContain('unpublished');
      const visitor = await listPlaceCourses(contextFor(ctx.app, null), place.id, {});
      expect(visitor.map((x) => x.name)).not.toContain('unpublished');
    });

    it('shows unpublished courses and places to a logged-in admin, not to a logged-in parent', async () => {
      const admin = await createUser(ctx.app.db, { roles: ['admin', 'parent'] });
      const parent = await createUser(ctx.app.db, { roles: ['parent'] });
      const as = async (userId: string, url: string) => {
        const { token } = await ctx.app.sessions.issue(userId);
        return ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      };
      const adminCourses = await as(admin.id, `/api/places/${place.id}/courses`);
      expect(adminCourses.body).toContain(c.unpublished!.id);
      const adminHidden = await as(admin.id, `/api/places/${hiddenPlace.id}/courses`);
      expect(adminHidden.statusCode).toBe(200);
      expect(adminHidden.body).toContain(c.hiddenPlace!.id);
      const parentCourses = await as(parent.id, `/api/places/${place.id}/courses`);
      expect(parentCourses.body).not.toContain(c.unpublished!.id);
      expect((await as(parent.id, `/api/places/${hiddenPlace.id}/courses`)).statusCode).toBe(404);
      // Spec §2: the admin sees every course's participants with the /profil/{profileId} link; a parent none.
      const early = (adminCourses.json() as Course[]).find((x) => x._id === c.earlyFirst!.id)!;
      expect(early.participants?.map((p) => p.firstName)).toEqual(['Privatbarn', 'Skjultbarn']);
      expect(early.participants?.every((p) => typeof p.profileId === 'string')).toBe(true);
      for (const course of parentCourses.json() as Record<string, unknown>[]) expect(course).not.toHaveProperty('participants');
    });

    it('honours startDate, endDate and limit', async () => {
      const start = daysFromNow(-30).getTime();
      const end = daysFromNow(-21).getTime();
      const { body } = await get(`/api/places/${place.id}/courses?startDate=${start}&endDate=${end}`);
      expect(names(body).sort()).toEqual(['ended-20', 'ended-22', 'ongoing']);
      const limited = await get(`/api/places/${place.id}/courses?limit=2`);
      expect(names(limited.body)).toEqual(['early-first', 'early-second']);
      const onlyEnd = await get(`/api/places/${place.id}/courses?endDate=${daysFromNow(4).getTime()}`);
      expect(names(onlyEnd.body)).toEqual(['early-first', 'late', 'ongoing', 'ended-20']);
    });

    it('answers 404 for an unknown or unpublished place and 400 for a malformed id', async () => {
      for (const id of ['0123456789abcdef01234567', hiddenPlace.id]) {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/places/${id}/courses` });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      const bad = await ctx.app.inject({ method: 'GET', url: '/api/places/not-an-id/courses' });
      expect(bad.statusCode).toBe(400);
    });

    it.each([
      ['limit=-1', 'limit'],
      ['limit=0', 'limit'],
      ['limit=1000000', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['startDate=abc', 'startDate'],
      ['endDate=tomorrow', 'endDate'],
      ['startDate=-5', 'startDate'],
      ['endDate=99999999999999999', 'endDate'],
    ])('rejects %s with 400', async (query, field) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/places/${place.id}/courses?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(res.json().error.message).toContain(field);
    });

    it('rejects a start after the end with 400', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/places/${place.id}/courses?startDate=2000&endDate=1000` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/startDate/);
    });
  });

  describe('GET /courses', () => {
    it('without place and dates lists the 5 last modified published courses', async () => {
      const db = ctx.app.db;
      const touched = [c.tooFar!, c.endedBefore!, c.otherPlace!, c.unpublished!, c.hiddenPlace!, c.late!, c.full!];
      for (const [i, course] of touched.entries()) {
        await db.update(courses).set({ updatedAt: new Date(Date.now() + (10 - i) * 60_000) }).where(eq(courses.id, course.id));
      }
      const { res, body } = await get('/api/courses');
      expect(res.statusCode).toBe(200);
      expect(names(body)).toEqual(['starts-184', 'ended-22', 'other-place', 'late', 'full']);
      const limited = await get('/api/courses?limit=2&sortOrder=asc&sortField=updatedAt');
      expect(limited.body).toHaveLength(2);
      expect(limited.body[0]!.updatedAt <= limited.body[1]!.updatedAt).toBe(true);
    });

    it('with pId lists that place’s courses like the place route', async () => {
      const { body } = await get(`/api/courses?pId=${place.id}`);
      expect(names(body)).toEqual(['early-first', 'early-second', 'late', 'full', 'ongoing', 'ended-20', 'starts-182']);
      const unknown = await ctx.app.inject({ method: 'GET', url: '/api/courses?pId=0123456789abcdef01234567' });
      expect(unknown.statusCode).toBe(404);
      const hidden = await ctx.app.inject({ method: 'GET', url: `/api/courses?pId=${hiddenPlace.id}` });
      expect(hidden.statusCode).toBe(404);
      const malformed = await ctx.app.inject({ method: 'GET', url: '/api/courses?pId=xyz' });
      expect(malformed.statusCode).toBe(400);
    });

    it('with dates lists the published courses between them, by first date', async () => {
      const { body } = await get(`/api/courses?startDate=${daysFromNow(1).getTime()}&endDate=${daysFromNow(6).getTime()}`);
      expect(names(body)).toEqual(['ongoing', 'early-first', 'late', 'other-place']);
      const named = await get(`/api/courses?startDate=${daysFromNow(1).getTime()}&endDate=${daysFromNow(6).getTime()}&name=EARLY`);
      expect(names(named.body)).toEqual(['early-first']);
      const wildcard = await get(`/api/courses?startDate=0&name=%25`);
      expect(wildcard.body).toEqual([]);
    });

    it('never returns participant identities, unpublished courses or courses of unpublished places', async () => {
      const { res } = await get(`/api/courses?startDate=0&endDate=${daysFromNow(400).getTime()}&limit=1000&populate=true`);
      expect(res.body).not.toContain(c.unpublished!.id);
      expect(res.body).not.toContain(c.hiddenPlace!.id);
      expect(res.body).not.toContain('Privatbarn');
      for (const course of res.json() as Record<string, unknown>[]) expect(course).not.toHaveProperty('participants');
    });

    it.each(['sortField=name', 'sortOrder=up', 'limit=-3', 'limit=5000', 'startDate=x', 'populate=yes', `name=${'x'.repeat(201)}`])(
      'rejects %s with 400',
      async (query) => {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/courses?${query}` });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION');
      },
    );
  });
});
