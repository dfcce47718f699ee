import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSchema, courseListSchema, MAX_COURSE_DATES, placeSchema, type CourseInput } from '@app/shared';
import { courseInstructors, courses, places } from '../../db/schema';
import { createCourse, createFamily, createInstructor, createOrder, createVenue, createUser, type PlaceRow, type UserRow } from '../../test/builders';
import { countRows } from '../../test/security/fixtures';
import { createTestApp, type TestContext } from '../../test/app';

/** Venues and courses written by an admin (spec §7 POST/PATCH /places, POST/PATCH/DELETE /courses) and the
 * instructor's own list (GET /users/instructors/:id/courses). */
describe('venue and course writes', () => {
  let ctx: TestContext;
  let admin: UserRow;
  let parent: UserRow;
  let anne: UserRow;
  let bjorn: UserRow;
  let place: PlaceRow;
  const tokens: Record<string, string> = {};

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      payload: payload as never,
      headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
    });

  const weekly = (count: number, firstIso = '2030-01-07T07:00:00.000Z') =>
    Array.from({ length: count }, (_, i) => new Date(Date.parse(firstIso) + i * 7 * 86_400_000).toISOString());

  const validCourse = (): CourseInput => ({
    name: '',
    placeId: place.id,
    dates: weekly(10).reverse(),
    timeFrom: '07:00',
    timeTo: '07:30',
    experienceLevel: 'Nybegynner',
    participantsAge: '6–12 mnd',
    ageMinMonths: 6,
    ageMaxMonths: 12,
    lateBookingMaxPassed: null,
    proRata: true,
    price: 1975,
    maximumParticipants: 8,
    instructors: [anne.id, bjorn.id],
    info: 'Ta med badebleie.',
    published: true,
  });

  const validPlace = () => ({
    name: 'Nytt Bad',
    address: 'Bassengveien 3',
    zipCode: '0560',
    place: 'Oslo',
    info: 'Parkering bak hallen.',
    published: true,
    image: 'sagene-basseng' as const,
  });

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.app.db;
    admin = await createUser(db, { roles: ['parent', 'admin'] });
    parent = await createUser(db, { roles: ['parent'] });
    anne = await createInstructor(db, { firstName: 'Anne', lastName: 'Instruktør', roles: ['parent', 'instructor'] });
    bjorn = await createInstructor(db, { firstName: 'Bjørn', lastName: 'Lærer' });
    place = await createVenue(db, { name: 'Kursbadet' });
    for (const [key, user] of Object.entries({ admin, parent, anne, bjorn })) tokens[key] = (await ctx.app.sessions.issue(user.id)).token;
  });
  afterAll(() => ctx.close());

  describe('places', () => {
    it('admin creates a venue (201) with its picture; a visitor then sees it in the list', async () => {
      const before = await call('GET', '/api/places');
      expect(before.json().map((p: { name: string }) => p.name)).not.toContain('Nytt Bad');
      const res = await call('POST', '/api/places', 'admin', validPlace());
      expect(res.statusCode).toBe(201);
      const created = placeSchema.parse(res.json());
      expect(created).toMatchObject({ name: 'Nytt Bad', slug: 'nytt-bad', zipCode: '0560', image: 'sagene-basseng', courseCount: 0 });
      // The public list is micro-cached; the write drops the cache, so the visitor's next read has it.
      const after = await call('GET', '/api/places');
      expect(after.json().map((p: { name: string }) => p.name)).toContain('Nytt Bad');
    });

    it('admin updates a venue (spec §4: with id updates); a name taken by another venue is 409', async () => {
      const other = await createVenue(ctx.app.db, { name: 'Endres Bad' });
      const res = await call('PATCH', `/api/places/${other.id}`, 'admin', { ...validPlace(), name: 'Endret Bad', image: null, published: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: other.id, name: 'Endret Bad', image: null, published: false });
      const [row] = await ctx.app.db.select().from(places).where(eq(places.id, other.id));
      expect(row).toMatchObject({ name: 'Endret Bad', published: false });
      const taken = await call('PATCH', `/api/places/${other.id}`, 'admin', { ...validPlace(), name: 'kursbadet' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe('PLACE_NAME_TAKEN');
      expect((await call('PATCH', `/api/places/${'a'.repeat(24)}`, 'admin', validPlace())).statusCode).toBe(404);
    });

    it('a renamed venue keeps its old slug (oldSlugs), and no other venue may take that name: 409 PLACE_NAME_WAS_USED (decision 036)', async () => {
      const venue = await createVenue(ctx.app.db, { name: 'Gammelt Navn Bad' });
      const renamed = await call('PATCH', `/api/places/${venue.id}`, 'admin', { ...validPlace(), name: 'Nytt  Navn Bad' });
      expect(renamed.statusCode).toBe(200);
      expect(placeSchema.parse(renamed.json())).toMatchObject({ slug: 'nytt-navn-bad', oldSlugs: ['gammelt-navn-bad'] });
      const listed = (await call('GET', '/api/places')).json() as { _id: string; oldSlugs: string[] }[];
      expect(listed.find((p) => p._id === venue.id)!.oldSlugs).toEqual(['gammelt-navn-bad']);

      // Another venue may not take the old name, new or renamed; nothing is written.
      const before = await countRows(ctx.app.db);
      const created = await call('POST', '/api/places', 'admin', { ...validPlace(), name: 'Gammelt navn  bad' });
      expect(created.statusCode).toBe(409);
      expect(created.json().error.code).toBe('PLACE_NAME_WAS_USED');
      const other = await createVenue(ctx.app.db, { name: 'Annet Bad' });
      const taken = await call('PATCH', `/api/places/${other.id}`, 'admin', { ...validPlace(), name: 'Gammelt Navn Bad' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe('PLACE_NAME_WAS_USED');
      expect((await call('GET', `/api/places/${other.id}`, 'admin')).json()).toMatchObject({ name: 'Annet Bad', oldSlugs: [] });
      expect(await countRows(ctx.app.db)).toEqual({ ...before, places: (before.places ?? 0) + 1 });

      // A second rename keeps both; renaming back makes the first its address again.
      const again = await call('PATCH', `/api/places/${venue.id}`, 'admin', { ...validPlace(), name: 'Tredje Navn Bad' });
      expect(again.json().oldSlugs).toEqual(['gammelt-navn-bad', 'nytt-navn-bad']);
      const back = await call('PATCH', `/api/places/${venue.id}`, 'admin', { ...validPlace(), name: 'Gammelt Navn Bad' });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ slug: 'gammelt-navn-bad', oldSlugs: ['nytt-navn-bad', 'tredje-navn-bad'] });
      // Saving without a new name keeps no old slug.
      const same = await call('PATCH', `/api/places/${venue.id}`, 'admin', { ...validPlace(), name: 'Gammelt Navn Bad', info: 'Ny info' });
      expect(same.json().oldSlugs).toEqual(['nytt-navn-bad', 'tredje-navn-bad']);
    });

    it('refuses bad venues with 400 and saves nothing: zip 123, zip 12345, letters, empty name', async () => {
      const before = await countRows(ctx.app.db);
      for (const bad of [{ zipCode: '123' }, { zipCode: '12345' }, { zipCode: '12a4' }, { name: '  ' }, { image: 'ukjent-bilde' }]) {
        const res = await call('POST', '/api/places', 'admin', { ...validPlace(), name: 'Feil Bad', ...bad });
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      }
      const patch = await call('PATCH', `/api/places/${place.id}`, 'admin', { ...validPlace(), zipCode: '123' });
      expect(patch.statusCode).toBe(400);
      expect(await countRows(ctx.app.db)).toEqual(before);
      const [row] = await ctx.app.db.select().from(places).where(eq(places.id, place.id));
      expect(row!.zipCode).toBe(place.zipCode);
    });

    it('says what is wrong in Norwegian: a 101-character name is "Maks 100 tegn" (issue 35)', async () => {
      const res = await call('POST', '/api/places', 'admin', { ...validPlace(), name: 'x'.repeat(101) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([{ path: 'body.name', message: 'Maks 100 tegn' }]);
    });

    it('is admin only: visitor 401, parent and instructor 403', async () => {
      expect((await call('POST', '/api/places', undefined, validPlace())).statusCode).toBe(401);
      expect((await call('POST', '/api/places', 'parent', validPlace())).statusCode).toBe(403);
      expect((await call('PATCH', `/api/places/${place.id}`, 'anne', validPlace())).statusCode).toBe(403);
    });
  });

  describe('courses', () => {
    it('the age parents read is made from the months, so the two never disagree; without months or text it is 400 (walk-through 06.12, 20)', async () => {
      const res = await call('POST', '/api/courses', 'admin', { ...validCourse(), participantsAge: '2–4 år', ageMinMonths: 6, ageMaxMonths: 12 });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ participantsAge: '6–12 mnd', name: 'Nybegynner, 6–12 mnd' });
      const none = await call('POST', '/api/courses', 'admin', { ...validCourse(), participantsAge: '', ageMinMonths: null, ageMaxMonths: null });
      expect(none.statusCode).toBe(400);
      expect(none.body).toContain('Fyll inn alder fra eller til');
    });

    it('admin creates a ten-date course: dates sorted, weekday from the first date, price in kr, instructors named', async () => {
      const res = await call('POST', '/api/courses', 'admin', validCourse());
      expect(res.statusCode).toBe(201);
      const course = courseSchema.parse(res.json());
      expect(course.dates).toEqual(weekly(10));
      expect(course.weekday).toBe(1); // 2030-01-07 is a Monday
      expect(course.price).toBe(1975);
      expect(course.instructors.map((i) => i.firstName)).toEqual(['Anne', 'Bjørn']);
      expect(course.name).toBe('Nybegynner, 6–12 mnd');
      expect(course.participants).toEqual([]);
      const [row] = await ctx.app.db.select().from(courses).where(eq(courses.id, course._id));
      expect(row!.priceOre).toBe(197_500);
      expect(row!.firstDate!.toISOString()).toBe(weekly(10)[0]);
      expect(row!.lastDate!.toISOString()).toBe(weekly(10)[9]);
    });

    it('admin updates a course (the whole form) and replaces its instructors', async () => {
      const created = (await call('POST', '/api/courses', 'admin', validCourse())).json();
      const res = await call('PATCH', `/api/courses/${created._id}?pop=true`, 'admin', {
        ...validCourse(),
        timeFrom: '10:00',
        timeTo: '10:30',
        price: 2100,
        instructors: [bjorn.id],
        dates: weekly(3, '2030-02-06T10:00:00.000Z'),
        published: false,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: created._id, timeFrom: '10:00', price: 2100, published: false, weekday: 3 });
      expect(res.json().instructors.map((i: { _id: string }) => i._id)).toEqual([bjorn.id]);
      expect(await ctx.app.db.select().from(courseInstructors).where(eq(courseInstructors.courseId, created._id))).toHaveLength(1);
      expect((await call('PATCH', `/api/courses/${'b'.repeat(24)}`, 'admin', validCourse())).statusCode).toBe(404);
    });

    it('asks for confirmation (409 COURSE_NEEDS_CONFIRMATION, nothing saved) for a maximum below the children on the course and a published course with only past dates', async () => {
      const withChildren = await createCourse(ctx.app.db, { place, participants: 3, maximumParticipants: 8 });
      const below = await call('PATCH', `/api/courses/${withChildren.id}`, 'admin', { ...validCourse(), maximumParticipants: 2 });
      expect(below.statusCode).toBe(409);
      expect(below.json().error).toMatchObject({ code: 'COURSE_NEEDS_CONFIRMATION', params: { participants: 3, maximumParticipants: 2, lastDate: null } });
      const [kept] = await ctx.app.db.select().from(courses).where(eq(courses.id, withChildren.id));
      expect(kept!.maximumParticipants).toBe(8);
      // Equal to the children on it is no warning; confirmed, the lower maximum is saved.
      expect((await call('PATCH', `/api/courses/${withChildren.id}`, 'admin', { ...validCourse(), maximumParticipants: 3 })).statusCode).toBe(200);
      const confirmed = await call('PATCH', `/api/courses/${withChildren.id}`, 'admin', { ...validCourse(), maximumParticipants: 2, confirm: true });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().maximumParticipants).toBe(2);

      const past = weekly(2, '2025-03-03T09:00:00.000Z');
      const before = await countRows(ctx.app.db);
      const published = await call('POST', '/api/courses', 'admin', { ...validCourse(), dates: past });
      expect(published.statusCode).toBe(409);
      expect(published.json().error).toMatchObject({ code: 'COURSE_NEEDS_CONFIRMATION', params: { participants: null, lastDate: past[1] } });
      expect(await countRows(ctx.app.db)).toEqual(before);
      // Unpublished, or confirmed, it is saved.
      expect((await call('POST', '/api/courses', 'admin', { ...validCourse(), dates: past, published: false })).statusCode).toBe(201);
      const created = await call('POST', '/api/courses', 'admin', { ...validCourse(), dates: past, confirm: true });
      expect(created.statusCode).toBe(201);
      const edited = await call('PATCH', `/api/courses/${created.json()._id}`, 'admin', { ...validCourse(), dates: past, info: 'Ny info' });
      expect(edited.json().error.code).toBe('COURSE_NEEDS_CONFIRMATION');
    });

    it('a name the admin did not give follows the level and age (decision 031); a given name is kept', async () => {
      const created = (await call('POST', '/api/courses', 'admin', validCourse())).json();
      expect(created.name).toBe('Nybegynner, 6–12 mnd');
      // The form sends back the name it got: still a made name, made again from the new age and level.
      const older = await call('PATCH', `/api/courses/${created._id}`, 'admin', { ...validCourse(), name: created.name, ageMinMonths: 12, ageMaxMonths: 35, experienceLevel: 'Viderekommen' });
      expect(older.json().name).toBe('Viderekommen, 1–2 år');
      const named = await call('PATCH', `/api/courses/${created._id}`, 'admin', { ...validCourse(), name: 'Morgensvømming' });
      expect(named.json().name).toBe('Morgensvømming');
      const kept = await call('PATCH', `/api/courses/${created._id}`, 'admin', { ...validCourse(), name: 'Morgensvømming', participantsAge: '2–3 år' });
      expect(kept.json().name).toBe('Morgensvømming');
    });

    it('admin deletes a course without participants; one with participants or a live hold is refused (409)', async () => {
      const created = (await call('POST', '/api/courses', 'admin', validCourse())).json();
      const res = await call('DELETE', `/api/courses/${created._id}`, 'admin');
      expect(res.statusCode).toBe(200);
      expect(await ctx.app.db.select().from(courses).where(eq(courses.id, created._id))).toEqual([]);
      expect((await call('DELETE', `/api/courses/${created._id}`, 'admin')).statusCode).toBe(404);

      const withChild = await createCourse(ctx.app.db, { place, participants: 1 });
      const refused = await call('DELETE', `/api/courses/${withChild.id}`, 'admin');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('COURSE_HAS_PARTICIPANTS');

      const held = await createCourse(ctx.app.db, { place });
      const family = await createFamily(ctx.app.db);
      await createOrder(ctx.app.db, { status: 'created', course: held, child: family.children[0]!, user: family.guardians[0]!, profileId: family.profile.id, holdExpiresAt: new Date(Date.now() + 600_000) });
      expect((await call('DELETE', `/api/courses/${held.id}`, 'admin')).statusCode).toBe(409);
    });

    it('refuses bad courses with 400 and saves nothing', async () => {
      const unknownInstructor = 'c'.repeat(24);
      const cases: [string, Partial<Record<keyof CourseInput, unknown>>][] = [
        ['negative price', { price: -25 }],
        ['price not a multiple of 25', { price: 1990 }],
        ['price in øre slipped through', { price: 197_500 }],
        ['end before start', { timeFrom: '08:00', timeTo: '07:30' }],
        ['end equal to start', { timeFrom: '08:00', timeTo: '08:00' }],
        ['unknown instructor id', { instructors: [anne.id, unknownInstructor] }],
        ['a parent as instructor', { instructors: [parent.id] }],
        ['no dates', { dates: [] }],
        ['too many dates', { dates: weekly(MAX_COURSE_DATES + 1) }],
        ['a date before August 2024', { dates: ['2024-07-31T10:00:00.000Z'] }],
        ['negative capacity', { maximumParticipants: -1 }],
        ['fractional capacity', { maximumParticipants: 2.5 }],
        ['placeholder level', { experienceLevel: 'Velg nivå' }],
        ['no age', { participantsAge: ' ', ageMinMonths: null, ageMaxMonths: null }],
        ['time not HH:MM', { timeFrom: '7:00' }],
        ['unknown place', { placeId: 'd'.repeat(24) }],
      ];
      const existing = await createCourse(ctx.app.db, { place, instructors: [anne] });
      const before = await countRows(ctx.app.db);
      for (const [name, change] of cases) {
        const created = await call('POST', '/api/courses', 'admin', { ...validCourse(), ...change });
        expect(created.statusCode, `POST ${name}: ${created.body}`).toBe(400);
        const patched = await call('PATCH', `/api/courses/${existing.id}`, 'admin', { ...validCourse(), ...change });
        expect(patched.statusCode, `PATCH ${name}: ${patched.body}`).toBe(400);
      }
      expect(await countRows(ctx.app.db)).toEqual(before);
      const [row] = await ctx.app.db.select().from(courses).where(eq(courses.id, existing.id));
      expect(row!.updatedAt.getTime()).toBe(existing.updatedAt.getTime());
      const unknown = await call('POST', '/api/courses', 'admin', { ...validCourse(), instructors: [unknownInstructor] });
      expect(unknown.json().error.code).toBe('UNKNOWN_INSTRUCTOR');
    });

    it('is admin only: visitor 401, parent and instructor 403, and nothing is written', async () => {
      const existing = await createCourse(ctx.app.db, { place, instructors: [anne] });
      const before = await countRows(ctx.app.db);
      expect((await call('POST', '/api/courses', undefined, validCourse())).statusCode).toBe(401);
      expect((await call('POST', '/api/courses', 'parent', validCourse())).statusCode).toBe(403);
      expect((await call('POST', '/api/courses', 'anne', validCourse())).statusCode).toBe(403);
      expect((await call('PATCH', `/api/courses/${existing.id}`, 'anne', validCourse())).statusCode).toBe(403);
      expect((await call('DELETE', `/api/courses/${existing.id}`, 'anne')).statusCode).toBe(403);
      expect((await call('DELETE', `/api/courses/${existing.id}`, 'parent')).statusCode).toBe(403);
      expect(await countRows(ctx.app.db)).toEqual(before);
    });
  });

  describe('GET /users/instructors/:id/courses', () => {
    it('lists the instructor’s courses that have not ended, first date first, with participant names', async () => {
      const otherPlace = await createVenue(ctx.app.db, { name: 'Instruktørbadet' });
      const family = await createFamily(ctx.app.db, { children: [{ firstName: 'Lilly' }] });
      const later = await createCourse(ctx.app.db, { place: otherPlace, instructors: [bjorn], startsInDays: 30, name: 'later' });
      const sooner = await createCourse(ctx.app.db, {
        place: otherPlace,
        instructors: [bjorn, anne],
        startsInDays: 3,
        name: 'sooner',
        participants: family.children,
      });
      await createCourse(ctx.app.db, { place: otherPlace, instructors: [bjorn], startsInDays: -100, weeks: 2, name: 'ended' });
      await createCourse(ctx.app.db, { place: otherPlace, instructors: [anne], startsInDays: 5, name: 'not-his' });

      const res = await call('GET', `/api/users/instructors/${bjorn.id}/courses`, 'bjorn');
      expect(res.statusCode).toBe(200);
      const list = courseListSchema.parse(res.json()).filter((c) => c.place._id === otherPlace.id);
      expect(list.map((c) => c.name)).toEqual(['sooner', 'later']);
      expect(list[0]!.participants?.map((p) => p.firstName)).toEqual(['Lilly']);
      // An instructor gets names, never the profile link (admin only).
      expect(list[0]!.participants?.[0]!.profileId).toBeNull();
      expect(list.map((c) => c._id)).toEqual([sooner.id, later.id]);

      const byAdmin = await call('GET', `/api/users/instructors/${bjorn.id}/courses`, 'admin');
      expect(byAdmin.statusCode).toBe(200);
      expect(courseListSchema.parse(byAdmin.json()).find((c) => c._id === sooner.id)!.participants?.[0]!.profileId).toBe(family.profile.id);
    });

    it('is 403 for another instructor and for a parent, 401 for a visitor', async () => {
      expect((await call('GET', `/api/users/instructors/${bjorn.id}/courses`, 'anne')).statusCode).toBe(403);
      expect((await call('GET', `/api/users/instructors/${bjorn.id}/courses`, 'parent')).statusCode).toBe(403);
      expect((await call('GET', `/api/users/instructors/${bjorn.id}/courses`)).statusCode).toBe(401);
    });
  });

  describe('participants in course lists', () => {
    it('an instructor sees names only on courses they teach; a parent never', async () => {
      const listPlace = await createVenue(ctx.app.db, { name: 'Listebadet' });
      const family = await createFamily(ctx.app.db, { children: [{ firstName: 'Hemmelig' }] });
      const hers = await createCourse(ctx.app.db, { place: listPlace, instructors: [anne], startsInDays: 3, participants: family.children });
      const notHers = await createCourse(ctx.app.db, { place: listPlace, instructors: [bjorn], startsInDays: 3, participants: 2 });
      const asAnne = courseListSchema.parse((await call('GET', `/api/places/${listPlace.id}/courses`, 'anne')).json());
      expect(asAnne.find((c) => c._id === hers.id)!.participants?.map((p) => p.firstName)).toEqual(['Hemmelig']);
      expect(asAnne.find((c) => c._id === notHers.id)).not.toHaveProperty('participants');
      const asParent = await call('GET', `/api/places/${listPlace.id}/courses`, 'parent');
      expect(asParent.body).not.toContain('Hemmelig');
    });
  });
});
