import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { createFamily, createUser } from '../../test/builders';
import { parseEnv } from '../../env';
import { createScratchDatabase, createTestPglite } from '../../test/db';

/**
 * Issue 9 finding 8: sessions are revocable. Two app instances share one database (on the real PostgreSQL with
 * TEST_DATABASE_URL: two connection pools, as two servers would have); whatever ends a session on one is refused
 * by the other on its very next request: logout, 'Logg ut overalt', a role change, a deleted user.
 */
const SECRET = 'sessions-test-session-secret-0123456789abcdef';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PC = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36';

let one: { app: FastifyInstance; database: Database };
let two: { app: FastifyInstance; database: Database };
let drop: () => Promise<void> = async () => undefined;

async function instance(database: Database) {
  const app = await buildApp({ env: parseEnv({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false', SESSION_SECRET: SECRET }), db: database.db });
  await app.ready();
  return { app, database };
}

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, 's', { migrated: true });
    drop = scratch.drop;
    one = await instance(await openDatabase({ url: scratch.url, poolSize: 5 }));
    two = await instance(await openDatabase({ url: scratch.url, poolSize: 5 }));
  } else {
    const shared = await createTestPglite();
    one = await instance(shared);
    two = await instance({ ...shared, close: async () => undefined });
  }
});
afterAll(async () => {
  await one?.app.close();
  await two?.app.close();
  await two?.database.close();
  await one?.database.close();
  await drop();
});

const call = (inst: typeof one, method: 'GET' | 'DELETE', url: string, token: string) =>
  inst.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
const status = async (inst: typeof one, token: string) => (await call(inst, 'GET', '/api/users/me', token)).statusCode;
const issue = async (userId: string, userAgent?: string) => (await one.app.sessions.issue(userId, { userAgent })).token;

describe('revocable sessions across two instances', () => {
  it('lists the parent’s live sessions with their device, this one marked', async () => {
    const parent = (await createFamily(one.database.db)).guardians[0]!;
    const phone = await issue(parent.id, IPHONE);
    await issue(parent.id, PC);
    const other = (await createFamily(one.database.db)).guardians[0]!;
    await issue(other.id, PC);

    const res = await call(two, 'GET', '/api/users/me/sessions', phone);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['cache-control'])).toContain('no-store');
    const list = res.json().sessions as { device: string; current: boolean }[];
    expect(list.map((s) => [s.device, s.current]).sort()).toEqual([
      ['Chrome på Windows', false],
      ['Safari på iPhone', true],
    ]);
  });

  it('logout ends this session on every instance at once, and only this one', async () => {
    const parent = (await createFamily(one.database.db)).guardians[0]!;
    const phone = await issue(parent.id, IPHONE);
    const pc = await issue(parent.id, PC);
    expect([await status(one, phone), await status(two, phone)]).toEqual([200, 200]);

    const res = await call(two, 'DELETE', '/api/users/me/sessions/current', phone);
    expect(res.json()).toEqual({ ended: 1 });
    const refused = await call(one, 'GET', '/api/users/me', phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('SESSION_EXPIRED');
    expect(await status(two, phone)).toBe(401);
    expect([await status(one, pc), await status(two, pc)]).toEqual([200, 200]);
  });

  it('‘Logg ut overalt’ ends every session of the user on every instance, and no one else’s', async () => {
    const parent = (await createFamily(one.database.db)).guardians[0]!;
    const tokens = [await issue(parent.id, IPHONE), await issue(parent.id, PC), await issue(parent.id)];
    const bystander = await issue((await createFamily(one.database.db)).guardians[0]!.id);

    const res = await call(one, 'DELETE', '/api/users/me/sessions', tokens[0]!);
    expect(res.json()).toEqual({ ended: 3 });
    for (const token of tokens) expect([await status(one, token), await status(two, token)]).toEqual([401, 401]);
    expect(await status(two, bystander)).toBe(200);
  });

  it('a role change ends the user’s sessions at once (a removed admin keeps nothing)', async () => {
    const admin = await createUser(one.database.db, { roles: ['parent', 'admin'] });
    const token = await issue(admin.id);
    expect((await call(two, 'GET', '/api/admin/outbox', token)).statusCode).toBe(200);
    await one.database.db.update(users).set({ roles: ['parent'] }).where(eq(users.id, admin.id));
    expect((await call(two, 'GET', '/api/admin/outbox', token)).statusCode).toBe(401);
    expect([await status(one, token), await status(two, token)]).toEqual([401, 401]);
    // A new login gets a session with the new roles.
    expect(await status(two, await issue(admin.id))).toBe(200);
  });

  it('a deleted user’s sessions end at once, and their rows go with them', async () => {
    const user = await createUser(one.database.db);
    const token = await issue(user.id);
    expect(await status(two, token)).toBe(200);
    await one.database.db.delete(users).where(eq(users.id, user.id));
    expect([await status(one, token), await status(two, token)]).toEqual([401, 401]);
    expect(await one.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('refuses a correctly signed token whose session row does not exist (issued before sessions, or forged id)', async () => {
    const user = await createUser(one.database.db);
    const { SignJWT } = await import('jose');
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('babysvomming')
      .setAudience('babysvomming-api')
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti('0123456789abcdef01234567')
      .sign(new TextEncoder().encode(SECRET));
    expect(await status(two, token)).toBe(401);
  });
});
