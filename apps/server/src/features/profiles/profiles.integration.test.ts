import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { children } from '../../db/schema';
import { addParticipants, createCourse, createFamily, createInstructor, createUser, type Family } from '../../test/builders';
import { createTestApp, type TestContext } from '../../test/app';

describe('profiles and children', () => {
  let ctx: TestContext;
  let a: Family;
  let b: Family;
  let tokenA: string;
  let tokenB: string;
  let tokenAdmin: string;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  /** 'Legg til barn' on family A's profile, as the token's user. */
  const addChild = (token: string, child: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/users/children', headers: auth(token), payload: { profileId: a.profile.id, child } });

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    a = await createFamily(db, { children: 2, guardians: 2, lastName: 'Aasen' });
    b = await createFamily(db, { children: 1, lastName: 'Berg' });
    await createCourse(db, { participants: [a.children[0]!] });
    const admin = await createUser(db, { roles: ['admin', 'parent'] });
    tokenA = (await ctx.app.sessions.issue(a.guardians[0]!.id)).token;
    tokenB = (await ctx.app.sessions.issue(b.guardians[0]!.id)).token;
    tokenAdmin = (await ctx.app.sessions.issue(admin.id)).token;
  });
  afterAll(() => ctx.close());

  it('lists the own profile with ordered guardians, children and their courses', async () => {
    const res = await ctx.app.inject({ url: '/api/profiles?pop=true', headers: auth(tokenA) });
    expect(res.statusCode).toBe(200);
    const [profile] = res.json();
    expect(profile._id).toBe(a.profile.id);
    expect(profile.parents.map((p: { _id: string }) => p._id)).toEqual(a.guardians.map((g) => g.id));
    expect(profile.children).toHaveLength(2);
    const enrolled = profile.children.find((c: { _id: string }) => c._id === a.children[0]!.id);
    expect(enrolled.courses).toHaveLength(1);
    expect(enrolled.courses[0].place.slug).toMatch(/^[a-zæøå0-9-]+$/);
  });

  it('refuses another family: 403 by profile id, 403 by guardian id', async () => {
    expect((await ctx.app.inject({ url: `/api/profiles/${a.profile.id}`, headers: auth(tokenB) })).statusCode).toBe(403);
    const other = await ctx.app.inject({ url: `/api/profiles?pId=${a.guardians[0]!.id}`, headers: auth(tokenB) });
    expect(other.statusCode).toBe(403);
  });

  it('lets an admin read any profile, and 404s an unknown one', async () => {
    expect((await ctx.app.inject({ url: `/api/profiles/${a.profile.id}`, headers: auth(tokenAdmin) })).statusCode).toBe(200);
    const unknown = await ctx.app.inject({ url: '/api/profiles/0123456789abcdef01234567', headers: auth(tokenAdmin) });
    expect(unknown.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/profiles/not-an-id', headers: auth(tokenAdmin) })).statusCode).toBe(400);
  });

  describe('GET /profiles?pop&cId= (spec §7: families by child ids)', () => {
    let tokenInstructor: string;
    let taught: string;
    let notTaught: string;
    beforeAll(async () => {
      const db = ctx.database.db;
      const instructor = await createInstructor(db, { roles: ['parent', 'instructor'] });
      const course = await createCourse(db, { instructors: [instructor], participants: [a.children[1]!] });
      // A sibling on someone else's course, and the taught child on another course too: neither is the instructor's business.
      await createCourse(db, { participants: [a.children[0]!, b.children[0]!] });
      await addParticipants(db, (await createCourse(db)).id, [a.children[1]!.id]);
      taught = course.id;
      notTaught = b.children[0]!.id;
      tokenInstructor = (await ctx.app.sessions.issue(instructor.id)).token;
    });
    const byChildren = (token: string, ids: string[]) => ctx.app.inject({ url: `/api/profiles?pop&cId=${ids.join(',')}`, headers: auth(token) });

    it('gives an admin the whole family of each child, once per family, in the order asked', async () => {
      const res = await byChildren(tokenAdmin, [b.children[0]!.id, a.children[0]!.id, a.children[1]!.id]);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { _id: string; children: { _id: string }[] }[];
      expect(body.map((p) => p._id)).toEqual([b.profile.id, a.profile.id]);
      expect(body[1]!.children.map((c) => c._id).sort()).toEqual(a.children.map((c) => c.id).sort());
    });

    it('gives the instructor of the child’s course the guardians, and only that child with only their courses', async () => {
      const res = await byChildren(tokenInstructor, [a.children[1]!.id]);
      expect(res.statusCode).toBe(200);
      const [profile] = res.json() as { parents: { _id: string; phone: string | null }[]; children: { _id: string; courses: { _id: string }[] }[] }[];
      expect(profile!.parents.map((p) => p._id)).toEqual(a.guardians.map((g) => g.id));
      expect(profile!.children.map((c) => c._id)).toEqual([a.children[1]!.id]);
      expect(profile!.children[0]!.courses.map((c) => c._id)).toEqual([taught]);
    });

    it('refuses the instructor a child not on their courses, and parents (403); an unknown child is 404', async () => {
      expect((await byChildren(tokenInstructor, [notTaught])).statusCode).toBe(403);
      expect((await byChildren(tokenInstructor, [a.children[1]!.id, notTaught])).statusCode).toBe(403);
      expect((await byChildren(tokenA, [a.children[0]!.id])).statusCode).toBe(403);
      expect((await byChildren(tokenB, [a.children[0]!.id])).statusCode).toBe(403);
      expect((await byChildren(tokenAdmin, ['0123456789abcdef01234567'])).statusCode).toBe(404);
      expect((await byChildren(tokenAdmin, ['nope'])).statusCode).toBe(400);
    });
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ url: '/api/profiles' })).statusCode).toBe(401);
  });

  it('adds a child to the own profile with capitalised names', async () => {
    const res = await addChild(tokenA, { firstName: 'anne-marie', lastName: 'aasen', birthdate: '2025-05-01' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ firstName: 'Anne-Marie', lastName: 'Aasen', birthdate: '2025-05-01' });
  });

  it("refuses a child on another family's profile and bad input, writing nothing", async () => {
    const db = ctx.database.db;
    const before = (await db.select().from(children)).length;
    const foreign = await addChild(tokenB, { firstName: 'X', lastName: 'Y', birthdate: '2025-01-01' });
    expect(foreign.statusCode).toBe(403);
    for (const child of [
      { firstName: '', lastName: 'Y', birthdate: '2025-01-01' },
      { firstName: 'X', lastName: 'Y', birthdate: '2999-01-01' },
      { firstName: 'X', lastName: 'Y', birthdate: '2025-02-30' },
      { firstName: 'X', lastName: 'Y', birthdate: 'i går' },
    ]) {
      const res = await addChild(tokenA, child);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    expect((await db.select().from(children)).length).toBe(before);
  });
});
