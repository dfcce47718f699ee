import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { movableClock } from '../../test/clock';
import type { Database } from '../../db/client';
import { createCourse, createFamily, createUser } from '../../test/builders';
import { parseEnv } from '../../env';
import { createTestPglite } from '../../test/db';
import { ADMIN_IDLE_TIMEOUT_MS, BACKGROUND_HEADER, IDLE_TIMEOUT_MS } from '../../plugins/auth';

/**
 * Issue 36 finding 6: a session idle for 60 minutes (30 for an admin) ends, counted from its last use; polling
 * (a request marked as background) does not keep it alive. The sessions' clock is moved by the test. The session
 * cache is on (listening on the database's NOTIFY), so a kept answer must not keep an idle session alive either.
 */
const MINUTE = 60_000;
const clock = movableClock(Date.now());
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  database = await createTestPglite();
  app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false', SESSION_CACHE_TTL_MS: '600000' }),
    db: database.db,
    sessionClock: clock,
    listen: database.listen,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const me = (token: string, background = false) =>
  app.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: { authorization: `Bearer ${token}`, ...(background ? { [BACKGROUND_HEADER]: '1' } : {}) },
  });

describe('inactivity timeout', () => {
  // A new session's last use is the database's time: each test starts the app's clock there.
  beforeEach(() => clock.set(Date.now()));

  it('a parent idle for an hour is signed out; activity before that keeps the session', async () => {
    const family = await createFamily(database.db);
    const { token } = await app.sessions.issue(family.guardians[0]!.id);
    expect((await me(token)).statusCode).toBe(200);

    clock.advance(IDLE_TIMEOUT_MS - 10 * MINUTE);
    expect((await me(token)).statusCode).toBe(200); // activity: the hour starts again
    clock.advance(IDLE_TIMEOUT_MS - 10 * MINUTE);
    expect((await me(token)).statusCode).toBe(200);

    clock.advance(IDLE_TIMEOUT_MS + MINUTE);
    const idle = await me(token);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error.code).toBe('SESSION_EXPIRED');
    // Ended for good: coming back does not revive it.
    expect((await me(token)).statusCode).toBe(401);
  });

  it('polling does not keep a session alive', async () => {
    const family = await createFamily(database.db);
    const { token } = await app.sessions.issue(family.guardians[0]!.id);
    expect((await me(token)).statusCode).toBe(200);
    // Polled every 10 minutes for 50 minutes: answered, but the last use stays the first request's.
    for (let i = 0; i < 5; i++) {
      clock.advance(10 * MINUTE);
      expect((await me(token, true)).statusCode).toBe(200);
    }
    clock.advance(11 * MINUTE);
    expect((await me(token, true)).statusCode).toBe(401);
  });

  it('the queue position, asked without the background header, is no activity either (issue 37)', async () => {
    const family = await createFamily(database.db);
    const course = await createCourse(database.db);
    const { token } = await app.sessions.issue(family.guardians[0]!.id);
    const position = () => app.inject({ method: 'GET', url: `/api/queue/courses/${course.id}/position`, headers: { authorization: `Bearer ${token}` } });
    expect((await me(token)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      clock.advance(10 * MINUTE);
      expect((await position()).statusCode).toBe(200);
    }
    clock.advance(11 * MINUTE);
    expect((await position()).statusCode).toBe(401);
  });

  it('an admin is signed out after 30 idle minutes', async () => {
    const admin = await createUser(database.db, { roles: ['parent', 'admin'] });
    const { token } = await app.sessions.issue(admin.id);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(ADMIN_IDLE_TIMEOUT_MS - MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(ADMIN_IDLE_TIMEOUT_MS + MINUTE);
    expect((await me(token)).statusCode).toBe(401);
  });
});
