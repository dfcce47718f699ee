import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createInstructor, createUser } from '../../test/builders';
import { auth, createTestApp, type TestContext } from '../../test/app';

/** GET /users/by-registration-date (admin): spec §5 wants full ISO timestamps with milliseconds. */
let ctx: TestContext;
const tokens = { admin: '', parent: '', instructor: '' };
const at = (iso: string) => new Date(iso);
let inside: Awaited<ReturnType<typeof createFamily>>;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const old = at('2026-01-01T10:00:00.000Z');
  const admin = await createUser(db, { roles: ['admin', 'parent'], registrationDate: old });
  const parentFamily = await createFamily(db, { guardians: [{ registrationDate: old }], children: [{ registrationDate: old }] });
  const instructor = await createInstructor(db, { registrationDate: old });
  tokens.admin = (await ctx.app.sessions.issue(admin.id)).token;
  tokens.parent = (await ctx.app.sessions.issue(parentFamily.guardians[0]!.id)).token;
  tokens.instructor = (await ctx.app.sessions.issue(instructor.id)).token;
  // In November: a family of two guardians (the second also owns nothing) and two children; one child in October.
  inside = await createFamily(db, {
    guardians: [
      { firstName: 'Nora', registrationDate: at('2026-11-02T08:00:00.000Z') },
      { firstName: 'Ola', registrationDate: at('2026-11-30T23:59:59.999Z') },
    ],
    children: [
      { firstName: 'Lille', registrationDate: at('2026-11-01T00:00:00.000Z') },
      { firstName: 'Før', registrationDate: at('2026-10-31T23:59:59.999Z') },
    ],
  });
});
afterAll(() => ctx.close());

const get = (query: Record<string, string>, token = tokens.admin) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/by-registration-date', query, headers: auth(token) });
const november = { startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-11-30T23:59:59.999Z' };

describe('GET /users/by-registration-date', () => {
  it('lists parents and children registered in the period, both ends included, newest first', async () => {
    const res = await get(november);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.startDate).toBe(november.startDate);
    expect(body.endDate).toBe(november.endDate);
    expect(body.parents.map((p: { firstName: string }) => p.firstName)).toEqual(['Ola', 'Nora']);
    expect(body.parents[1]).toMatchObject({ _id: inside.guardians[0]!.id, profileId: inside.profile.id, registrationDate: '2026-11-02T08:00:00.000Z' });
    expect(body.children).toEqual([
      { _id: inside.children[0]!.id, firstName: 'Lille', lastName: inside.children[0]!.lastName, birthdate: inside.children[0]!.birthdate, registrationDate: '2026-11-01T00:00:00.000Z', profileId: inside.profile.id },
    ]);
    expect(body.parentCount).toBe(2);
    expect(body.childCount).toBe(1);
  });

  it('answers empty lists for a period with nobody', async () => {
    const res = await get({ startDate: '2025-01-01T00:00:00.000Z', endDate: '2025-01-31T23:59:59.999Z' });
    expect(res.json()).toMatchObject({ parents: [], children: [], parentCount: 0, childCount: 0 });
  });

  it.each([
    ['no dates', {}],
    ['a missing end', { startDate: november.startDate }],
    ['a date without time', { ...november, startDate: '2026-11-01' }],
    ['no milliseconds', { ...november, startDate: '2026-11-01T00:00:00Z' }],
    ['an offset instead of Z', { ...november, startDate: '2026-11-01T00:00:00.000+01:00' }],
    ['epoch milliseconds', { ...november, startDate: '1793491200000' }],
    ['an impossible day', { ...november, endDate: '2026-02-30T00:00:00.000Z' }],
    ['an hour 24', { ...november, endDate: '2026-11-30T24:00:00.000Z' }],
    ['text', { ...november, endDate: 'i morgen' }],
    ['an end before the start', { startDate: november.endDate, endDate: november.startDate }],
    ['a huge value', { ...november, endDate: 'x'.repeat(10_000) }],
  ])('answers %s with 400 Invalid date format', async (_name, query) => {
    const res = await get(query as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(res.json().error.message).toBe('Invalid date format');
  });

  it('refuses everyone but admins', async () => {
    expect((await get(november, '')).statusCode).toBe(401);
    expect((await get(november, tokens.parent)).statusCode).toBe(403);
    expect((await get(november, tokens.instructor)).statusCode).toBe(403);
  });
});
