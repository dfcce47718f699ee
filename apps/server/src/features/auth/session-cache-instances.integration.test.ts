import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { createUser } from '../../test/builders';
import { startBookingTest, type BookingTest } from '../../test/booking';

/**
 * Decision 019: each instance keeps its session checks, and drops a user's when the database's NOTIFY
 * sessions_changed names them. Two instances on one PostgreSQL, the session cache kept up to 10 minutes: a session
 * ended, a role changed or a user row edited through one instance (or straight in the database) is seen by the other
 * at once, not after the max age.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('session checks kept across two instances (PostgreSQL)', () => {
  let t: BookingTest;
  /** NOTIFY arrives on the other instance's LISTEN connection a moment after the commit: a few ms, never a max age. */
  const soon = { timeout: 1_000, interval: 5 };

  beforeAll(async () => {
    t = await startBookingTest({ instances: 2, env: { SESSION_CACHE_TTL_MS: '600000' } });
  }, 60_000);
  afterAll(() => t?.close());

  const me = (token: string, instance: number) => t.http('GET', '/api/users/me', { token, instance });

  it('keeps the check, and a logout through one instance is refused by the other at once', async () => {
    const user = await createUser(t.db, {});
    const token = await t.token(user.id);
    // Kept once the instance LISTENs (nothing is kept before).
    await vi.waitFor(async () => {
      expect((await me(token, 1)).status).toBe(200);
      expect(t.instances[1]!.app.sessionCache.size).toBeGreaterThan(0);
    }, soon);

    const end = await t.http('DELETE', '/api/users/me/sessions/current', { token, instance: 0 });
    expect(end.status).toBe(200);
    await vi.waitFor(async () => expect((await me(token, 1)).json).toMatchObject({ error: { code: 'SESSION_EXPIRED' } }), soon);
    // The instance that ended it never answers from an old check, not even once.
    expect((await me(token, 0)).status).toBe(401);
  });

  it("a write drops the writer's kept check on its instance at once; a refused one (4xx) keeps it", async () => {
    const user = await createUser(t.db, {});
    const token = await t.token(user.id);
    const { jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string };
    const app = t.instances[0]!.app;
    /** Whether instance 0 answers this session's check from what it keeps (a load would mean it kept nothing). */
    const kept = async () => {
      let loaded = false;
      await app.sessionCache.get(jti, user.id, async () => {
        loaded = true;
        return undefined;
      });
      return !loaded;
    };
    await vi.waitFor(async () => {
      expect((await me(token, 0)).status).toBe(200);
      expect(await kept()).toBe(true);
    }, soon);

    const refused = await t.http('POST', '/api/vipps/payment', { token, instance: 0, body: { userId: user.id, childId: 'x', courseId: 'y' } });
    expect(refused.status).toBe(400);
    expect(await kept()).toBe(true);

    const logout = await t.http('DELETE', '/api/users/me/sessions/current', { token, instance: 0 });
    expect(logout.status).toBe(200);
    expect(await kept()).toBe(false);
  });

  it('a role change made in the database ends the session on both instances; an edited name shows at once', async () => {
    const user = await createUser(t.db, { firstName: 'Kari' });
    const token = await t.token(user.id);
    for (const instance of [0, 1]) expect((await me(token, instance)).json).toMatchObject({ firstName: 'Kari' });

    await t.db.update(users).set({ firstName: 'Kaia' }).where(eq(users.id, user.id));
    for (const instance of [0, 1]) await vi.waitFor(async () => expect((await me(token, instance)).json).toMatchObject({ firstName: 'Kaia' }), soon);

    await t.db.update(users).set({ roles: [...user.roles, 'instructor'] }).where(eq(users.id, user.id));
    for (const instance of [0, 1]) await vi.waitFor(async () => expect((await me(token, instance)).status).toBe(401), soon);
  });

  it('a deleted user is refused on both instances', async () => {
    const user = await createUser(t.db, {});
    const token = await t.token(user.id);
    for (const instance of [0, 1]) expect((await me(token, instance)).status).toBe(200);
    await t.db.delete(users).where(eq(users.id, user.id));
    for (const instance of [0, 1]) await vi.waitFor(async () => expect((await me(token, instance)).status).toBe(401), soon);
  });
});
