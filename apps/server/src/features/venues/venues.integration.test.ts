import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeListSchema, placeSchema } from '@app/shared';
import { createCourse, createVenue, createUser, type PlaceRow } from '../../test/builders';
import { createTestApp, type TestContext } from '../../test/app';

const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

describe('places API', () => {
  let ctx: TestContext;
  let zeta: PlaceRow;
  let alpha: PlaceRow;
  let hidden: PlaceRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.app.db;
    // Inserted out of order, so sorting is proven.
    zeta = await createVenue(db, { name: 'Zeta  Svømmehall', place: 'Jessheim' });
    alpha = await createVenue(db, { name: 'Alfa Bad', place: 'Oslo' });
    hidden = await createVenue(db, { name: 'Beta Hemmelig Bad', published: false });
    await createVenue(db, { name: 'Mellom Basseng' });

    // Alfa: two published courses in the default window count; the rest do not.
    await createCourse(db, { place: alpha, startsInDays: 7 });
    await createCourse(db, { place: alpha, dates: [daysFromNow(-40), daysFromNow(-20)] }); // ended 20 days ago: in
    await createCourse(db, { place: alpha, dates: [daysFromNow(-40), daysFromNow(-22)] }); // ended 22 days ago: out
    await createCourse(db, { place: alpha, dates: [daysFromNow(184), daysFromNow(190)] }); // too far ahead: out
    await createCourse(db, { place: alpha, startsInDays: 7, published: false }); // unpublished: out
    await createCourse(db, { place: alpha, dates: [] }); // no dates: out
    await createCourse(db, { place: hidden, startsInDays: 7 });
  });
  afterAll(() => ctx.close());

  it('GET /places lists published places sorted by name with slug and course count', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/places' });
    expect(res.statusCode).toBe(200);
    const places = placeListSchema.parse(res.json());
    expect(places.map((p) => p.name)).toEqual(['Alfa Bad', 'Mellom Basseng', 'Zeta  Svømmehall']);
    expect(places.find((p) => p._id === zeta.id)!.slug).toBe('zeta-svømmehall');
    expect(places.find((p) => p._id === alpha.id)!.courseCount).toBe(2);
    expect(places.find((p) => p.name === 'Mellom Basseng')!.courseCount).toBe(0);
  });

  it('never shows an unpublished place to a visitor', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/places' });
    expect(list.body).not.toContain(hidden.id);
    const one = await ctx.app.inject({ method: 'GET', url: `/api/places/${hidden.id}` });
    expect(one.statusCode).toBe(404);
    expect(one.json().error.code).toBe('NOT_FOUND');
  });

  it('shows unpublished places to a logged-in admin only', async () => {
    const admin = await createUser(ctx.app.db, { roles: ['admin'] });
    const parent = await createUser(ctx.app.db, { roles: ['parent'] });
    const as = async (userId: string, url: string) => {
      const { token } = await ctx.app.sessions.issue(userId);
      return ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    };
    expect((await as(admin.id, '/api/places')).body).toContain(hidden.id);
    expect((await as(admin.id, `/api/places/${hidden.id}`)).json()).toMatchObject({ _id: hidden.id, published: false });
    expect((await as(parent.id, '/api/places')).body).not.toContain(hidden.id);
    expect((await as(parent.id, `/api/places/${hidden.id}`)).statusCode).toBe(404);
  });

  it('GET /places/:id returns one place', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/places/${alpha.id}` });
    expect(res.statusCode).toBe(200);
    const place = placeSchema.parse(res.json());
    expect(place).toMatchObject({ _id: alpha.id, name: 'Alfa Bad', slug: 'alfa-bad', published: true, courseCount: 2 });
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(placeSchema.shape).sort());
  });

  it('GET /places/:id answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/places/0123456789abcdef01234567' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    for (const bad of ['abc', '0123456789ABCDEF01234567', '0123456789abcdef012345678', "1'%20or%201=1"]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/places/${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(res.json().error.message).toContain('params.id');
    }
  });
});
