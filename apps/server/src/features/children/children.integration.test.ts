import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHILDREN_PER_PROFILE } from '@app/shared';
import { children } from '../../db/schema';
import { createFamily } from '../../test/builders';
import { createTestApp, type TestContext } from '../../test/app';

/** Issue 9 finding 5: adding children has a per-profile maximum and a per-user rate limit. */
const RATE_LIMIT = 25;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ CHILD_ADD_RATE_LIMIT: String(RATE_LIMIT) });
});
afterAll(() => ctx?.close());

const childrenOf = async (profileId: string) =>
  (await ctx.database.db.select({ n: count() }).from(children).where(eq(children.profileId, profileId)))[0]!.n;

async function familyWith(n: number) {
  const family = await createFamily(ctx.database.db, { children: n });
  const token = (await ctx.app.sessions.issue(family.guardians[0]!.id)).token;
  const add = (i: number, ip = '198.51.100.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/users/children',
      remoteAddress: ip,
      headers: { authorization: `Bearer ${token}` },
      payload: { child: { firstName: `Barn${i}`, lastName: 'Testesen', birthdate: '2025-01-01' }, profileId: family.profile.id },
    });
  return { family, add };
}

describe('adding children', () => {
  it(`refuses child number ${MAX_CHILDREN_PER_PROFILE + 1} with TOO_MANY_CHILDREN and writes nothing`, async () => {
    const { family, add } = await familyWith(MAX_CHILDREN_PER_PROFILE - 1);
    expect((await add(1)).statusCode).toBe(201);
    const refused = await add(2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TOO_MANY_CHILDREN');
    expect(await childrenOf(family.profile.id)).toBe(MAX_CHILDREN_PER_PROFILE);
  });

  it('lets only one of several simultaneous adds take the last place', async () => {
    const { family, add } = await familyWith(MAX_CHILDREN_PER_PROFILE - 1);
    const statuses = (await Promise.all([1, 2, 3, 4, 5].map((i) => add(i)))).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(await childrenOf(family.profile.id)).toBe(MAX_CHILDREN_PER_PROFILE);
  });

  it('rate-limits one user per hour, whatever address they send from', async () => {
    const { add } = await familyWith(0);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 1; i++) statuses.push((await add(i, `203.0.113.${i + 1}`)).statusCode);
    // The cap stops the adds at 20; the limiter counts every attempt and answers 429 after RATE_LIMIT of them.
    expect(statuses.slice(0, MAX_CHILDREN_PER_PROFILE).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(MAX_CHILDREN_PER_PROFILE, RATE_LIMIT).every((s) => s === 409)).toBe(true);
    const last = await add(99, '192.0.2.200');
    expect(last.statusCode).toBe(429);
    expect(last.json().error.code).toBe('RATE_LIMITED');
  });
});
