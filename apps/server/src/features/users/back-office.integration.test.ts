import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createFamily, createInstructor, createUser, type Family } from '../../test/builders';
import { createTestApp, type TestContext } from '../../test/app';

/** GET /users/last-logged-in and GET /search/users (spec §7): admin only; the search ignores case and accents. */
let ctx: TestContext;
let oestby: Family;
let tokens: { admin: string; parent: string; instructor: string };
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  oestby = await createFamily(db, {
    lastName: 'Østby',
    guardians: [{ firstName: 'Åse', email: 'ase.ostby@example.no', phone: '4791234567', lastLogin: minutesAgo(5) }],
    children: [{ firstName: 'Ærle', lastName: 'Østby' }],
  });
  await createFamily(db, { lastName: 'Nordmann', guardians: [{ firstName: 'Ola', lastLogin: minutesAgo(60) }], children: [{ firstName: 'Kari' }] });
  const admin = await createUser(db, { firstName: 'Admina', roles: ['admin', 'parent'], lastLogin: minutesAgo(1) });
  const parent = await createUser(db, { firstName: 'Petter', lastLogin: minutesAgo(120) });
  const instructor = await createInstructor(db, { firstName: 'Ingrid', lastLogin: null });
  const issue = async (id: string) => (await ctx.app.sessions.issue(id)).token;
  tokens = { admin: await issue(admin.id), parent: await issue(parent.id), instructor: await issue(instructor.id) };
});
afterAll(() => ctx.close());

describe('GET /users/last-logged-in', () => {
  it('lists the latest logins, newest first, 3 by default, with the profile to open', async () => {
    const res = await ctx.app.inject({ url: '/api/users/last-logged-in', headers: auth(tokens.admin) });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((u: { firstName: string }) => u.firstName)).toEqual(['Admina', 'Åse', 'Ola']);
    expect(list[1]).toMatchObject({ _id: oestby.guardians[0]!.id, lastName: 'Østby', profile: oestby.profile.id, roles: ['parent'] });

    const eight = await ctx.app.inject({ url: '/api/users/last-logged-in?limit=8', headers: auth(tokens.admin) });
    // Never-logged-in users (the instructor) are not listed.
    expect(eight.json().map((u: { firstName: string }) => u.firstName)).toEqual(['Admina', 'Åse', 'Ola', 'Petter']);
  });

  it('refuses a parent and an instructor (403) and a visitor (401); a bad limit is 400', async () => {
    for (const token of [tokens.parent, tokens.instructor]) {
      const res = await ctx.app.inject({ url: '/api/users/last-logged-in', headers: auth(token) });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect((await ctx.app.inject({ url: '/api/users/last-logged-in' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/users/last-logged-in?limit=0', headers: auth(tokens.admin) })).statusCode).toBe(400);
  });
});

describe('GET /search/users', () => {
  const search = (query: string, token = tokens.admin) => ctx.app.inject({ url: `/api/search/users?${query}`, headers: auth(token) });

  it("finds 'Østby' by 'ostby' (case and accents ignored): guardian and child, linked to their profile", async () => {
    const res = await search('name=ostby&categories=parents,children');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.users).toEqual([
      expect.objectContaining({ type: 'parent', _id: oestby.guardians[0]!.id, firstName: 'Åse', profile: oestby.profile.id }),
      expect.objectContaining({ type: 'child', _id: oestby.children[0]!.id, firstName: 'Ærle', profile: oestby.profile.id }),
    ]);
    expect((await search('name=AERLE')).json().users).toEqual([expect.objectContaining({ type: 'child', firstName: 'Ærle' })]);
    expect((await search('name=%C3%98STBY&categories=children')).json().total).toBe(1);
  });

  it('finds by e-mail and by phone (with or without +47 and spaces)', async () => {
    expect((await search('name=ase.ostby@EXAMPLE')).json().users[0]._id).toBe(oestby.guardians[0]!.id);
    expect((await search(`name=${encodeURIComponent('+47 912 34 567')}`)).json().users[0]._id).toBe(oestby.guardians[0]!.id);
    expect((await search('name=91234567&categories=parents')).json().total).toBe(1);
  });

  it("'*' lists everyone of the chosen categories; no hit is 404", async () => {
    const all = (await search('name=*&categories=parents')).json();
    expect(all.total).toBe(await ctx.database.db.$count(users));
    expect(all.users.every((u: { type: string }) => u.type === 'parent')).toBe(true);
    const none = await search('name=zzzqqq');
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('NOT_FOUND');
    // Wildcards are text, not patterns.
    expect((await search('name=%25%25%25')).statusCode).toBe(404);
  });

  it("rejects 2 characters or fewer (unless '*') and an empty category list (400)", async () => {
    for (const query of ['name=os', 'name=%20%20os%20', 'name=', 'name=ostby&categories=', 'name=ostby&categories=admins']) {
      expect((await search(query)).statusCode, query).toBe(400);
    }
  });

  it('refuses a parent and an instructor (403)', async () => {
    expect((await search('name=ostby', tokens.parent)).statusCode).toBe(403);
    expect((await search('name=ostby', tokens.instructor)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/search/users?name=ostby' })).statusCode).toBe(401);
  });

  it('is served by the trigram index, not a scan of the table', async () => {
    const plan = await ctx.database.db.transaction(async (tx) => {
      // On a table this small the planner would scan anyway: forbid that, then see that an index can answer.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain select id from users where search_text like '%ostby%'`);
      const kids = await tx.execute(sql`explain select id from children where search_text like '%ostby%'`);
      const text = (r: unknown) => ((r as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n'));
      return `${text(result)}\n${text(kids)}`;
    });
    expect(plan).toContain('users_search_trgm_idx');
    expect(plan).toContain('children_search_trgm_idx');
  });
});
