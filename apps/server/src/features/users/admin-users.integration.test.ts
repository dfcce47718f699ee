import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { children, orders, sessions, users } from '../../db/schema';
import { createCourse, createFamily, createInstructor, createOrder, createUser, type UserRow } from '../../test/builders';
import { createTestApp, type TestContext } from '../../test/app';
import { countRows } from '../../test/security/fixtures';

/**
 * The users page (issue 14): an admin changes a user's roles (PATCH /users/{id} {roles}, spec §7) and deletes a user.
 * A role change ends the user's sessions on their next request (decision 011); an admin cannot take their own admin
 * role, and their own session survives a change of their own other roles (decision 014).
 */
let ctx: TestContext;
let admin: UserRow;
const db = () => ctx.database.db;
const issue = async (user: { id: string }) => (await ctx.app.sessions.issue(user.id)).token;
const call = (token: string | null, method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, payload: payload as never, headers: token ? { authorization: `Bearer ${token}` } : {} });
const rolesOf = async (id: string) => (await db().select({ roles: users.roles }).from(users).where(eq(users.id, id)))[0]?.roles;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(db(), { firstName: 'Admina', roles: ['admin', 'parent'] });
});
afterAll(() => ctx.close());

describe('PATCH /users/{id} {roles} by an admin', () => {
  it('changes the roles, and the user’s open session sees it: ended, and a new login has the new roles', async () => {
    const parent = (await createFamily(db(), { lastName: 'Rolleby' })).guardians[0]!;
    const parentToken = await issue(parent);
    expect((await call(parentToken, 'GET', '/api/users/me')).statusCode).toBe(200);
    expect((await call(parentToken, 'GET', '/api/users/last-logged-in')).statusCode).toBe(403);

    const res = await call(await issue(admin), 'PATCH', `/api/users/${parent.id}`, { roles: ['instructor', 'parent', 'admin'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: parent.id, roles: ['admin', 'parent', 'instructor'] });

    // The session that began as a parent does not quietly become an admin's: it ends (the web says so).
    const stale = await call(parentToken, 'GET', '/api/users/last-logged-in');
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.code).toBe('SESSION_EXPIRED');
    const fresh = await issue(parent);
    expect((await call(fresh, 'GET', '/api/users/me')).json().roles).toEqual(['admin', 'parent', 'instructor']);
    expect((await call(fresh, 'GET', '/api/users/last-logged-in')).statusCode).toBe(200);

    // Taking a role away ends that session too: a removed admin keeps nothing.
    expect((await call(await issue(admin), 'PATCH', `/api/users/${parent.id}`, { roles: ['parent'] })).statusCode).toBe(200);
    expect((await call(fresh, 'GET', '/api/users/last-logged-in')).statusCode).toBe(401);
    expect(await rolesOf(parent.id)).toEqual(['parent']);
  });

  it('the same roles again (another order, duplicates) change nothing and end no session', async () => {
    const instructor = await createInstructor(db(), { roles: ['parent', 'instructor'] });
    const token = await issue(instructor);
    const res = await call(await issue(admin), 'PATCH', `/api/users/${instructor.id}`, { roles: ['instructor', 'parent', 'instructor'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['parent', 'instructor']);
    expect((await call(token, 'GET', '/api/users/me')).statusCode).toBe(200);
  });

  it('never takes the admin role from the admin themself; their own session survives a change of their other roles', async () => {
    const me = await createUser(db(), { roles: ['parent', 'admin'] });
    const acting = await issue(me);
    const elsewhere = await issue(me);

    const refused = await call(acting, 'PATCH', `/api/users/${me.id}`, { roles: ['parent', 'developer'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('OWN_ADMIN_ROLE');
    expect(await rolesOf(me.id)).toEqual(['parent', 'admin']);
    expect((await call(elsewhere, 'GET', '/api/users/me')).statusCode).toBe(200);

    const res = await call(acting, 'PATCH', `/api/users/${me.id}`, { roles: ['admin', 'parent', 'developer'] });
    expect(res.statusCode).toBe(200);
    expect(await rolesOf(me.id)).toEqual(['admin', 'parent', 'developer']);
    // The session that made the change goes on with the new roles; their other sessions end as everyone's do.
    const mine = await call(acting, 'GET', '/api/users/me');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().roles).toEqual(['admin', 'parent', 'developer']);
    expect((await call(elsewhere, 'GET', '/api/users/me')).statusCode).toBe(401);
  });

  it('refuses a parent, an instructor and anonymous, and unknown roles, with nothing changed', async () => {
    const target = (await createFamily(db())).guardians[0]!;
    const parent = (await createFamily(db())).guardians[0]!;
    const instructor = await createInstructor(db());
    const before = await countRows(db());
    const rolesBefore = await rolesOf(target.id);
    for (const [token, status] of [
      [await issue(parent), 403],
      [await issue(instructor), 403],
      [null, 401],
    ] as const) {
      expect((await call(token, 'PATCH', `/api/users/${target.id}`, { roles: ['admin', 'parent'] })).statusCode).toBe(status);
    }
    const adminToken = await issue(admin);
    expect((await call(adminToken, 'PATCH', `/api/users/${target.id}`, { roles: ['parent', 'superuser'] })).statusCode).toBe(400);
    expect((await call(adminToken, 'PATCH', `/api/users/${target.id}`, { roles: 'admin' })).statusCode).toBe(400);
    expect((await call(adminToken, 'PATCH', '/api/users/0123456789abcdef01234567', { roles: ['parent'] })).statusCode).toBe(404);
    expect(await rolesOf(target.id)).toEqual(rolesBefore);
    // Only the sessions issued above were written.
    expect({ ...(await countRows(db())), sessions: 0 }).toEqual({ ...before, sessions: 0 });
  });
});

describe('DELETE /users/{id} by an admin', () => {
  it('deletes the user and their family; the orders stay, anonymised; the user’s sessions end', async () => {
    const family = await createFamily(db(), { lastName: 'Slettesen', children: 1 });
    const parent = family.guardians[0]!;
    const child = family.children[0]!;
    const course = await createCourse(db(), {});
    const { order } = await createOrder(db(), { course, child, user: parent, profileId: family.profile.id, enrol: true });
    const parentToken = await issue(parent);

    expect((await call(await issue(admin), 'DELETE', `/api/users/${parent.id}`)).statusCode).toBe(200);

    expect(await rolesOf(parent.id)).toBeUndefined();
    expect(await db().select().from(children).where(eq(children.id, child.id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, parent.id))).toEqual([]);
    expect((await call(parentToken, 'GET', '/api/users/me')).statusCode).toBe(401);
    const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ reference: order.reference, amountOre: order.amountOre, status: order.status, userId: null, childId: null });
    expect(kept!.additionalInfo).toMatchObject({ user: { firstName: 'Slettet', lastName: 'bruker' }, child: { firstName: 'Slettet', lastName: 'barn' } });
    expect(JSON.stringify(kept!.additionalInfo)).not.toMatch(/Slettesen/);
    // The admin's order list still has it, without the names.
    const list = await call(await issue(admin), 'GET', '/api/payments?limit=24');
    expect(list.statusCode, list.body.slice(0, 400)).toBe(200);
    expect(list.body).toContain(order.reference);
    expect(list.body).not.toContain('Slettesen');
  });

  it('refuses an instructor, with nothing changed', async () => {
    const target = (await createFamily(db())).guardians[0]!;
    const instructor = await createInstructor(db());
    const token = await issue(instructor);
    const before = await countRows(db());
    expect((await call(token, 'DELETE', `/api/users/${target.id}`)).statusCode).toBe(403);
    expect(await countRows(db())).toEqual(before);
  });
});
