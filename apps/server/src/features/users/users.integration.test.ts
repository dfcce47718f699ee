import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createInstructor, createUser } from '../../test/builders';
import { createTestApp, type TestContext } from '../../test/app';

describe('GET /users/instructors', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers an empty list when there are no instructors', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/instructors' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists users with the instructor role by name, with id and name only', async () => {
    const db = ctx.app.db;
    const zoe = await createInstructor(db, { firstName: 'Zoe', lastName: 'Aas' });
    const anna = await createInstructor(db, { firstName: 'Anna', lastName: 'Berg', roles: ['parent', 'instructor'] });
    const annaA = await createInstructor(db, { firstName: 'anna', lastName: 'Andersen' });
    await createUser(db, { firstName: 'Admin', lastName: 'Person', roles: ['admin'] });
    await createFamily(db, { guardians: 2, children: 1 });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/instructors' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: annaA.id, name: 'anna Andersen' },
      { id: anna.id, name: 'Anna Berg' },
      { id: zoe.id, name: 'Zoe Aas' },
    ]);
    // No contact details of instructors leak to visitors.
    expect(res.body).not.toContain('@');
  });
});
