import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { children, orders, participants, profileParents, profiles, users } from '../../db/schema';
import {
  createCourse,
  createFamily,
  createInstructor,
  createOrder,
  createUser,
  type Family,
  type UserRow,
} from '../../test/builders';
import { createTestApp, type TestContext } from '../../test/app';
import { countRows } from '../../test/security/fixtures';

const DAY = 24 * 3600 * 1000;

/**
 * PATCH/DELETE /users/{id} (children, own user, roles), PATCH /profiles/{id} (guardians), GET /profiles/{id}/overview,
 * GET /users/courses (history) and GET /users/me/data, each against every other parent: 403/404 with nothing changed.
 */
describe('family: users, children, guardians, history, own data', () => {
  let ctx: TestContext;
  let admin: UserRow;
  let other: Family;
  const token = async (user: { id: string }) => (await ctx.app.sessions.issue(user.id)).token;
  const as = async (user: { id: string } | null, method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, payload: payload as never, headers: user ? { authorization: `Bearer ${await token(user)}` } : {} });
  const db = () => ctx.database.db;

  /** Every main table's rows, to prove a refused request wrote nothing (counts and the rows of the family). */
  async function snapshot() {
    return {
      counts: await countRows(db()),
      users: await db().select().from(users).orderBy(users.id),
      children: await db().select().from(children).orderBy(children.id),
      parents: await db().select().from(profileParents).orderBy(profileParents.profileId, profileParents.position),
      orders: await db().select().from(orders).orderBy(orders.id),
    };
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createUser(db(), { roles: ['parent', 'admin'] });
    other = await createFamily(db(), { lastName: 'Andersen', children: 1 });
  });
  afterAll(() => ctx.close());

  describe('PATCH /users/{id}', () => {
    let family: Family;
    beforeEach(async () => {
      family = await createFamily(db(), { guardians: 2, children: 2, lastName: 'Berg' });
    });

    it('lets a guardian (also the second) rename a child, capitalised per word and after hyphens', async () => {
      const child = family.children[0]!;
      const res = await as(family.guardians[1]!, 'PATCH', `/api/users/${child.id}`, {
        _id: child.id,
        firstName: 'anne-marie  sofie',
        lastName: 'berg',
        birthdate: '2024-05-01',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ _id: child.id, firstName: 'Anne-Marie Sofie', lastName: 'Berg', birthdate: '2024-05-01', roles: ['child'] });
      const [row] = await db().select().from(children).where(eq(children.id, child.id));
      expect(row).toMatchObject({ firstName: 'Anne-Marie Sofie', birthdate: '2024-05-01' });
    });

    it('refuses a child birth date more than 18 years back, and an empty body', async () => {
      const child = family.children[0]!;
      expect((await as(family.guardians[0]!, 'PATCH', `/api/users/${child.id}`, { birthdate: '1990-01-01' })).statusCode).toBe(400);
      expect((await as(family.guardians[0]!, 'PATCH', `/api/users/${child.id}`, {})).statusCode).toBe(400);
      expect((await as(family.guardians[0]!, 'PATCH', `/api/users/${child.id}`, { firstName: '   ' })).statusCode).toBe(400);
    });

    it('refuses every other parent, anonymous, and an unknown id, with nothing changed', async () => {
      const before = await snapshot();
      const child = family.children[0]!;
      const parent = family.guardians[0]!;
      const tries: [string, unknown, number[]][] = [
        [`/api/users/${child.id}`, { firstName: 'Hacket' }, [403, 404]],
        [`/api/users/${parent.id}`, { firstName: 'Hacket' }, [403, 404]],
        [`/api/users/${parent.id}`, { roles: ['admin'] }, [403]],
        [`/api/users/${other.guardians[0]!.id}`, { roles: ['admin', 'parent'] }, [403]],
      ];
      for (const [url, body, allowed] of tries) {
        expect(allowed).toContain((await as(other.guardians[0]!, 'PATCH', url, body)).statusCode);
        expect((await as(null, 'PATCH', url, body)).statusCode).toBe(401);
      }
      expect((await as(parent, 'PATCH', '/api/users/0123456789abcdef01234567', { firstName: 'X' })).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    it('lets a user change their own name', async () => {
      const parent = family.guardians[0]!;
      const res = await as(parent, 'PATCH', `/api/users/${parent.id}`, { firstName: 'kari', lastName: 'berg-hansen' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: parent.id, firstName: 'Kari', lastName: 'Berg-Hansen', roles: parent.roles });
    });

    it('changes roles for an admin only, and never the admin’s own admin role', async () => {
      const parent = family.guardians[0]!;
      const res = await as(admin, 'PATCH', `/api/users/${parent.id}`, { roles: ['parent', 'instructor', 'instructor'] });
      expect(res.statusCode).toBe(200);
      expect(res.json().roles).toEqual(['parent', 'instructor']);
      expect((await db().select().from(users).where(eq(users.id, parent.id)))[0]!.roles).toEqual(['parent', 'instructor']);
      expect((await as(admin, 'PATCH', `/api/users/${parent.id}`, { roles: ['superuser'] })).statusCode).toBe(400);
      const self = await as(admin, 'PATCH', `/api/users/${admin.id}`, { roles: ['parent'] });
      expect(self.statusCode).toBe(409);
      expect((await db().select().from(users).where(eq(users.id, admin.id)))[0]!.roles).toContain('admin');
      expect((await as(admin, 'PATCH', '/api/users/0123456789abcdef01234567', { roles: ['parent'] })).statusCode).toBe(404);
    });
  });

  describe('DELETE /users/{id} for a child', () => {
    it('refuses while the child is on a course that has not ended, and deletes it after', async () => {
      const family = await createFamily(db(), { children: 1 });
      const child = family.children[0]!;
      const running = await createCourse(db(), { participants: [child] });
      const res = await as(family.guardians[0]!, 'DELETE', `/api/users/${child.id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('CHILD_ON_COURSE');
      expect(await db().select().from(children).where(eq(children.id, child.id))).toHaveLength(1);

      // The course ends: the child can go; its order stays with the name replaced.
      const ended = await createCourse(db(), { dates: [new Date(Date.now() - 30 * DAY), new Date(Date.now() - 23 * DAY)] });
      await db().delete(participants).where(eq(participants.courseId, running.id));
      const { order } = await createOrder(db(), { course: ended, child, user: family.guardians[0]!, profileId: family.profile.id, enrol: true });
      const ok = await as(family.guardians[0]!, 'DELETE', `/api/users/${child.id}`);
      expect(ok.statusCode).toBe(200);
      expect(await db().select().from(children).where(eq(children.id, child.id))).toHaveLength(0);
      const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(kept!.childId).toBeNull();
      expect(kept!.additionalInfo).toMatchObject({ child: { firstName: 'Slettet', lastName: 'barn' } });
      expect(JSON.stringify(kept!.additionalInfo)).not.toContain(child.firstName);
      expect(kept!.userId).toBe(family.guardians[0]!.id);
    });

    it('refuses another parent with nothing changed; an admin may', async () => {
      const family = await createFamily(db(), { children: 1 });
      const before = await snapshot();
      expect([403, 404]).toContain((await as(other.guardians[0]!, 'DELETE', `/api/users/${family.children[0]!.id}`)).statusCode);
      expect(await snapshot()).toEqual(before);
      expect((await as(admin, 'DELETE', `/api/users/${family.children[0]!.id}`)).statusCode).toBe(200);
    });
  });

  describe('DELETE /users/{id} for a user', () => {
    it('deletes a sole guardian with their children and course places; orders stay with the names replaced', async () => {
      const family = await createFamily(db(), { children: 2, lastName: 'Zulufsen' });
      const parent = family.guardians[0]!;
      const [kid] = family.children;
      const course = await createCourse(db(), {});
      const { order } = await createOrder(db(), { course, child: kid!, user: parent, profileId: family.profile.id, enrol: true });
      const session = await token(parent);
      const res = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${parent.id}`, headers: { authorization: `Bearer ${session}` } });
      expect(res.statusCode).toBe(200);

      expect(await db().select().from(users).where(eq(users.id, parent.id))).toHaveLength(0);
      expect(await db().select().from(profiles).where(eq(profiles.id, family.profile.id))).toHaveLength(0);
      expect(await db().select().from(children).where(eq(children.profileId, family.profile.id))).toHaveLength(0);
      expect(await db().select().from(participants).where(eq(participants.courseId, course.id))).toHaveLength(0);
      const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(kept).toMatchObject({ status: order.status, amountOre: order.amountOre, reference: order.reference, userId: null, childId: null, profileId: null });
      expect(kept!.additionalInfo).toMatchObject({
        user: { firstName: 'Slettet', lastName: 'bruker' },
        child: { firstName: 'Slettet', lastName: 'barn' },
        course: { _id: course.id },
      });
      expect(JSON.stringify(kept!.additionalInfo)).not.toMatch(/Zulufsen/);
      // The session ended with the user.
      expect((await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${session}` } })).statusCode).toBe(401);
    });

    it('leaves the children with the other guardian, who becomes the owner', async () => {
      const family = await createFamily(db(), { guardians: 2, children: 1, lastName: 'Kvamme' });
      const [first, second] = family.guardians as [UserRow, UserRow];
      const course = await createCourse(db(), {});
      const { order } = await createOrder(db(), { course, child: family.children[0]!, user: first, profileId: family.profile.id, enrol: true });
      expect((await as(first, 'DELETE', `/api/users/${first.id}`)).statusCode).toBe(200);

      const parents = await db().select().from(profileParents).where(eq(profileParents.profileId, family.profile.id));
      expect(parents).toEqual([{ profileId: family.profile.id, userId: second.id, position: 0 }]);
      expect(await db().select().from(children).where(eq(children.profileId, family.profile.id))).toHaveLength(1);
      expect(await db().select().from(participants).where(eq(participants.courseId, course.id))).toHaveLength(1);
      const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(kept!.additionalInfo).toMatchObject({ user: { firstName: 'Slettet' }, child: { firstName: family.children[0]!.firstName } });
      expect(kept!.childId).toBe(family.children[0]!.id);
      // The remaining guardian still sees the family, now as its owner.
      const profile = await as(second, 'GET', `/api/profiles/${family.profile.id}`);
      expect(profile.json().parents.map((p: { _id: string }) => p._id)).toEqual([second.id]);
      expect(profile.json().children).toHaveLength(1);
    });

    it('lets an admin delete any user, and refuses another parent with nothing changed', async () => {
      const family = await createFamily(db(), { children: 1 });
      const before = await snapshot();
      expect((await as(other.guardians[0]!, 'DELETE', `/api/users/${family.guardians[0]!.id}`)).statusCode).toBe(403);
      expect((await as(null, 'DELETE', `/api/users/${family.guardians[0]!.id}`)).statusCode).toBe(401);
      expect(await snapshot()).toEqual(before);
      expect((await as(admin, 'DELETE', `/api/users/${family.guardians[0]!.id}`)).statusCode).toBe(200);
      expect((await as(admin, 'DELETE', `/api/users/${family.guardians[0]!.id}`)).statusCode).toBe(404);
    });
  });

  describe('PATCH /profiles/{id}', () => {
    it('lets the owner remove another guardian, never the first or the only one', async () => {
      const family = await createFamily(db(), { guardians: 3 });
      const [g0, g1, g2] = family.guardians as [UserRow, UserRow, UserRow];
      const url = `/api/profiles/${family.profile.id}`;
      const noOwner = await as(g0, 'PATCH', url, { parents: [g1.id, g2.id] });
      expect(noOwner.statusCode).toBe(400);
      expect(noOwner.json().error.code).toBe('LAST_GUARDIAN');
      expect((await as(g0, 'PATCH', url, { parents: [g0.id, g2.id, g1.id] })).statusCode).toBe(400);
      expect((await as(g0, 'PATCH', url, { parents: [g0.id, g1.id, g2.id, other.guardians[0]!.id] })).statusCode).toBe(400);
      // A non-owner guardian may not remove someone else …
      expect((await as(g1, 'PATCH', url, { parents: [g0.id, g1.id] })).statusCode).toBe(403);
      const res = await as(g0, 'PATCH', url, { parents: [g0.id, g2.id] });
      expect(res.statusCode).toBe(200);
      expect(res.json().parents.map((p: { _id: string }) => p._id)).toEqual([g0.id, g2.id]);
      expect((await as(g1, 'GET', url)).statusCode).toBe(403);
      // … but may leave.
      expect((await as(g2, 'PATCH', url, { parents: [g0.id] })).statusCode).toBe(200);
      const single = await as(g0, 'PATCH', url, { parents: [] });
      expect(single.statusCode).toBe(400);
      const parents = await db().select().from(profileParents).where(eq(profileParents.profileId, family.profile.id));
      expect(parents).toEqual([{ profileId: family.profile.id, userId: g0.id, position: 0 }]);
    });

    it('refuses another parent with nothing changed; an admin may remove a non-first guardian', async () => {
      const family = await createFamily(db(), { guardians: 2 });
      const url = `/api/profiles/${family.profile.id}`;
      const before = await snapshot();
      expect((await as(other.guardians[0]!, 'PATCH', url, { parents: [family.guardians[0]!.id] })).statusCode).toBe(403);
      expect((await as(other.guardians[0]!, 'PATCH', '/api/profiles/0123456789abcdef01234567', { parents: [family.guardians[0]!.id] })).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
      expect((await as(admin, 'PATCH', url, { parents: [family.guardians[0]!.id] })).statusCode).toBe(200);
    });
  });

  describe('GET /profiles/{id}/overview', () => {
    it('shows an instructor owner’s courses to the family, and guardian details and orders to admins only', async () => {
      const instructor = await createInstructor(db(), { roles: ['parent', 'instructor'], address: 'Storgata 1', zipCode: '0155', place: 'Oslo' });
      const family = await createFamily(db(), { guardians: 0, children: 0 });
      await db().insert(profileParents).values({ profileId: family.profile.id, userId: instructor.id, position: 0 });
      const kid = (await db().insert(children).values({ profileId: family.profile.id, firstName: 'Lise', lastName: 'Lærer', birthdate: '2025-01-01' }).returning())[0]!;
      const taught = await createCourse(db(), { instructors: [instructor] });
      const past = await createCourse(db(), { instructors: [instructor], dates: [new Date(Date.now() - 10 * DAY)] });
      await createOrder(db(), { course: taught, child: kid, user: instructor, profileId: family.profile.id, status: 'refunded' });

      const own = await as(instructor, 'GET', `/api/profiles/${family.profile.id}/overview`);
      expect(own.statusCode).toBe(200);
      expect(own.json().instructorCourses.map((c: { _id: string }) => c._id)).toEqual([taught.id]);
      expect(own.json().instructorCourses.map((c: { _id: string }) => c._id)).not.toContain(past.id);
      expect(own.json().admin).toBeNull();

      const byAdmin = (await as(admin, 'GET', `/api/profiles/${family.profile.id}/overview`)).json();
      expect(byAdmin.admin.guardians[0]).toMatchObject({ _id: instructor.id, roles: ['parent', 'instructor'], address: 'Storgata 1' });
      expect(byAdmin.admin.orders).toHaveLength(1);
      expect(byAdmin.admin.orders[0]).toMatchObject({ status: 'refunded', courseId: taught.id, childName: 'Lise Lærer' });

      expect((await as(other.guardians[0]!, 'GET', `/api/profiles/${family.profile.id}/overview`)).statusCode).toBe(403);
      expect((await as(admin, 'GET', '/api/profiles/0123456789abcdef01234567/overview')).statusCode).toBe(404);
    });
  });

  describe('GET /users/courses (course history)', () => {
    it('gives each child’s courses with Påmeldt / Pågår / Fullført at the given moment and free places', async () => {
      const family = await createFamily(db(), { children: 2 });
      const [kid, sibling] = family.children as [typeof family.children[0] & object, typeof family.children[0] & object];
      const now = Date.now();
      const finished = await createCourse(db(), { dates: [new Date(now - 20 * DAY), new Date(now - 13 * DAY)], participants: [kid], maximumParticipants: 6 });
      const ongoing = await createCourse(db(), { dates: [new Date(now - 2 * DAY), new Date(now + 5 * DAY)], participants: [kid], maximumParticipants: 6 });
      const coming = await createCourse(db(), { dates: [new Date(now + 10 * DAY)], participants: [kid, sibling], maximumParticipants: 6 });
      const res = await as(family.guardians[0]!, 'GET', `/api/users/courses?cIds=${kid.id},${sibling.id}&t=${now}`);
      expect(res.statusCode).toBe(200);
      const [a, b] = res.json();
      expect(a.user._id).toBe(kid.id);
      expect(a.courses.map((c: { _id: string; status: string }) => [c._id, c.status])).toEqual([
        [finished.id, 'finished'],
        [ongoing.id, 'ongoing'],
        [coming.id, 'registered'],
      ]);
      expect(a.courses[2].freePlaces).toBe(4);
      expect(b.courses.map((c: { _id: string }) => c._id)).toEqual([coming.id]);
      // The same course seen from a moment before it all began.
      const early = (await as(family.guardians[0]!, 'GET', `/api/users/courses?cIds=${kid.id}&t=${now - 30 * DAY}`)).json();
      expect(early[0].courses.every((c: { status: string }) => c.status === 'registered')).toBe(true);
    });

    it('refuses another family’s child (alone or mixed in), unknown ids and bad lists', async () => {
      const family = await createFamily(db(), { children: 1 });
      const mine = family.children[0]!.id;
      const theirs = other.children[0]!.id;
      const me = family.guardians[0]!;
      expect((await as(me, 'GET', `/api/users/courses?cIds=${theirs}`)).statusCode).toBe(403);
      const mixed = await as(me, 'GET', `/api/users/courses?cIds=${mine},${theirs}`);
      expect(mixed.statusCode).toBe(403);
      expect(mixed.body).not.toContain(other.children[0]!.firstName);
      expect((await as(me, 'GET', '/api/users/courses?cIds=0123456789abcdef01234567')).statusCode).toBe(404);
      expect((await as(me, 'GET', '/api/users/courses?cIds=nope')).statusCode).toBe(400);
      expect((await as(me, 'GET', '/api/users/courses')).statusCode).toBe(400);
      expect((await as(null, 'GET', `/api/users/courses?cIds=${mine}`)).statusCode).toBe(401);
      expect((await as(admin, 'GET', `/api/users/courses?cIds=${mine},${theirs}`)).statusCode).toBe(200);
    });
  });

  describe('GET /users/me/data', () => {
    it('gives the user’s own data as a JSON file, and nothing of other families', async () => {
      const family = await createFamily(db(), { guardians: 2, children: 1, lastName: 'Dahl' });
      const me = family.guardians[0]!;
      const course = await createCourse(db(), { participants: [family.children[0]!] });
      await createOrder(db(), { course, child: family.children[0]!, user: me, profileId: family.profile.id });
      const res = await as(me, 'GET', '/api/users/me/data');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mine-data-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(res.headers['cache-control']).toContain('no-store');
      const data = res.json();
      expect(data.user).toMatchObject({ id: me.id, firstName: me.firstName, email: me.email });
      expect(data.profiles).toHaveLength(1);
      expect(data.profiles[0].guardians.map((g: { id: string }) => g.id)).toEqual(family.guardians.map((g) => g.id));
      expect(data.profiles[0].children[0].courses[0].id).toBe(course.id);
      expect(data.orders).toHaveLength(1);
      expect(data.orders[0].events.length).toBeGreaterThan(0);
      expect(res.body).not.toContain(other.children[0]!.firstName);
      expect((await as(null, 'GET', '/api/users/me/data')).statusCode).toBe(401);
    });
  });
});
