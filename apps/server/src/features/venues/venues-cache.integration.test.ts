import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVenue, createUser } from '../../test/builders';
import { createTestApp, type TestContext } from '../../test/app';

/**
 * Decision 017 (was 006): visitors and parents get the public lists from the cache; any committed change to a place,
 * course, participant or instructor name drops it (NOTIFY public_lists from the database's triggers: on PGlite in
 * process, on PostgreSQL on every instance), so the next answer is new. Admins always get a fresh answer.
 */
describe('public lists come from the cache for visitors only, until a change', () => {
  let ctx: TestContext;
  let adminToken: string;
  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_CACHE_TTL_MS: '600000' });
    await createVenue(ctx.database.db, { name: 'Første Bad' });
    adminToken = (await ctx.app.sessions.issue((await createUser(ctx.database.db, { roles: ['admin'] })).id)).token;
  });
  afterAll(() => ctx.close());

  it('a visitor gets the cached answer (same ETag, 304) until a write; an admin gets the fresh one', async () => {
    const first = await ctx.app.inject({ url: '/api/places' });
    expect(first.json()).toHaveLength(1);
    const etag = String(first.headers.etag);
    expect(ctx.app.publicCache.size).toBe(1);
    expect((await ctx.app.inject({ url: '/api/places', headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    // A write that bypasses the API (as a cascade or another instance's would) still reaches the cache.
    await createVenue(ctx.database.db, { name: 'Andre Bad' });
    await vi.waitFor(async () => {
      const after = await ctx.app.inject({ url: '/api/places', headers: { 'if-none-match': etag } });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toHaveLength(2);
    }, { timeout: 1_000, interval: 5 });

    const admin = await ctx.app.inject({ url: '/api/places', headers: { authorization: `Bearer ${adminToken}` } });
    expect(admin.json()).toHaveLength(2);
    expect(admin.headers.etag).toBeUndefined();
  });

  it('logins and session checks do not empty the cache', async () => {
    await ctx.app.inject({ url: '/api/places' });
    const size = ctx.app.publicCache.size;
    expect(size).toBeGreaterThan(0);
    const user = await createUser(ctx.database.db);
    const { token } = await ctx.app.sessions.issue(user.id);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(ctx.app.publicCache.size).toBe(size);
  });
});
