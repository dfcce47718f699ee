import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlace, createUser } from '../../db/seed/builders';
import { createTestApp, type TestContext } from '../../test/app';

describe('public lists come from the micro-cache for visitors only', () => {
  let ctx: TestContext;
  let adminToken: string;
  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_CACHE_TTL_MS: '60000' });
    await createPlace(ctx.database.db, { name: 'Første Bad' });
    adminToken = (await ctx.app.sessions.issue((await createUser(ctx.database.db, { roles: ['admin'] })).id)).token;
  });
  afterAll(() => ctx.close());

  it('a visitor gets the cached list within the TTL; an admin gets the fresh one', async () => {
    const first = await ctx.app.inject({ url: '/api/places' });
    expect(first.json()).toHaveLength(1);
    await createPlace(ctx.database.db, { name: 'Andre Bad' });
    expect((await ctx.app.inject({ url: '/api/places' })).json()).toHaveLength(1);
    const admin = await ctx.app.inject({ url: '/api/places', headers: { authorization: `Bearer ${adminToken}` } });
    expect(admin.json()).toHaveLength(2);
    ctx.app.publicCache.clear();
    expect((await ctx.app.inject({ url: '/api/places' })).json()).toHaveLength(2);
  });
});
