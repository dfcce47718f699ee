import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { parseEnv } from '../../env';
import { createTestDatabase } from '../../test/db';
import type { Access } from '../../plugins/auth';
import * as users from '../../repos/users.repo';

/** plugins/auth.ts: route config.access, request.user, 401 vs 403. */
let app: FastifyInstance;
let database: Database;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ env: parseEnv({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false' }), db: database.db });
  await app.register(
    async (scope) => {
      for (const access of ['anonymous', 'user', 'instructor', 'admin'] as Access[]) {
        scope.get(`/probe/${access}`, { config: { access } }, async (request) => ({ user: request.user }));
      }
      scope.get('/probe/default', async (request) => ({ user: request.user }));
    },
    { prefix: '/api' },
  );
  await app.ready();
  const roles: Record<string, string[]> = { parent: ['parent'], instructor: ['parent', 'instructor'], admin: ['parent', 'admin'] };
  for (const [name, r] of Object.entries(roles)) {
    const user = await users.insertUser(database.db, { firstName: name, roles: r });
    tokens[name] = (await app.sessions.issue(user.id)).token;
  }
  const gone = await users.insertUser(database.db, { firstName: 'gone' });
  tokens.deleted = (await app.sessions.issue(gone.id)).token;
  await database.db.execute(`delete from users where id = '${gone.id}'`);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (path: string, who?: string) =>
  app.inject({ method: 'GET', url: `/api/probe/${path}`, headers: who ? { authorization: `Bearer ${tokens[who] ?? who}` } : {} });

describe('access control', () => {
  it.each([
    // route, caller, status, error code
    ['anonymous', undefined, 200, undefined],
    ['default', undefined, 200, undefined],
    ['user', undefined, 401, 'UNAUTHENTICATED'],
    ['user', 'parent', 200, undefined],
    ['instructor', 'parent', 403, 'FORBIDDEN'],
    ['instructor', 'instructor', 200, undefined],
    ['instructor', 'admin', 200, undefined],
    ['admin', 'instructor', 403, 'FORBIDDEN'],
    ['admin', 'parent', 403, 'FORBIDDEN'],
    ['admin', 'admin', 200, undefined],
    ['admin', undefined, 401, 'UNAUTHENTICATED'],
    ['user', 'garbage.token.value', 401, 'UNAUTHENTICATED'],
    ['user', 'deleted', 401, 'UNAUTHENTICATED'],
  ])('%s route, caller %s → %i', async (route, who, status, code) => {
    const res = await call(route, who);
    expect(res.statusCode).toBe(status);
    if (code) expect(res.json().error.code).toBe(code);
  });

  it('decorates request.user with the viewer', async () => {
    const res = await call('user', 'instructor');
    expect(res.json().user).toMatchObject({ roles: ['parent', 'instructor'], isAdmin: false, isInstructor: true });
    expect(res.json().user.id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('treats a bad token on an anonymous route as a visitor', async () => {
    const res = await call('anonymous', 'garbage');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toBeNull();
    expect((await call('anonymous', 'admin')).json().user.isAdmin).toBe(true);
  });

  it('answers unknown API paths with 404 whatever the token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope', headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(404);
  });
});
