import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PERSONS } from '@app/shared';
import { createServerDatabase, startServer, type ServerDatabase, type ServerProcess } from './server-process';
import { scaled } from '../timeouts';
import { completeAuthorization } from '../vipps-login';

/**
 * The production server's stdout during a login and a few requests as that user: every line is JSON, every
 * request line has a reqId that is also sent back as `x-request-id`, and nothing in it lets a reader act as the
 * user (the session token, the login code and state) or names a child.
 */
const CHILD = { firstName: 'Zyxalinda', lastName: 'Qwertzheim', birthdate: '2024-03-01' };

describe('logs', () => {
  let db: ServerDatabase;
  let server: ServerProcess;
  const secrets: Record<string, string> = {};
  const requestIds: string[] = [];

  beforeAll(async () => {
    db = await createServerDatabase();
    // No Vipps credentials: the server starts its simulator, and login goes through it over real HTTP.
    server = await startServer({ db });
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${server.url}${path}`, init);
      const id = res.headers.get('x-request-id');
      if (id) requestIds.push(id);
      return res;
    };

    const person = DEMO_PERSONS[1]!;
    const startRes = await call('/api/vipps/login?returnTo=/profil');
    // The browser's login cookie (login CSRF binding) goes back with the exchange.
    const cookie = (startRes.headers.get('set-cookie') ?? '').split(';')[0]!;
    const start = (await startRes.json()) as { loginUrl: string };
    const redirect = await completeAuthorization(start.loginUrl, { person: person.sub });
    secrets.code = redirect.searchParams.get('code')!;
    secrets.state = redirect.searchParams.get('state')!;
    const session = (await (await call(`/api/vipps/token${redirect.search}`, { headers: { cookie } })).json()) as { id_token: string };
    secrets.token = session.id_token;
    secrets.signature = session.id_token.split('.')[2] ?? '';
    const auth = { authorization: `Bearer ${session.id_token}` };

    const me = (await (await call('/api/users/me', { headers: auth })).json()) as { profileIds: string[] };
    const added = await call('/api/users/children', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ child: CHILD, profileId: me.profileIds[0] }),
    });
    expect(added.status).toBe(201);
    const profile = await call(`/api/profiles/${me.profileIds[0]}`, { headers: auth });
    expect(await profile.text()).toContain(CHILD.firstName);
    // A rejected request with the name in it (the same child again, or invalid input) must not log it either.
    await call('/api/users/children', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ child: { ...CHILD, birthdate: 'not a date' }, profileId: me.profileIds[0] }),
    });
    // The load balancer's request id is kept.
    await call('/api/health', { headers: { 'x-request-id': 'lb-0123456789abcdef' } });
    // A hostile one is replaced.
    await call('/api/health', { headers: { 'x-request-id': 'evil id with spaces and {json}' } });
    await server.stop('SIGTERM');
  }, scaled(120_000));
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await db?.dispose();
  });

  it('writes one JSON object per line', () => {
    const notJson = server.stdout.filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    expect(server.stdout.length).toBeGreaterThan(10);
  });

  it('gives every request line a reqId, the one sent back as x-request-id', () => {
    const logs = server.jsonLogs();
    // One line per request (decision 017): 'request completed', with the method and URL.
    const requestLines = logs.filter((l) => l.msg === 'request completed');
    expect(requestLines.length).toBeGreaterThanOrEqual(requestIds.length);
    expect(requestLines.every((l) => typeof (l.req as { method?: unknown })?.method === 'string' && typeof (l.req as { url?: unknown })?.url === 'string')).toBe(true);
    expect(requestLines.every((l) => typeof l.reqId === 'string' && l.reqId.length >= 8)).toBe(true);
    const logged = new Set(requestLines.map((l) => l.reqId));
    expect(requestIds.filter((id) => !logged.has(id))).toEqual([]);
    expect(requestIds).toContain('lb-0123456789abcdef');
    expect(requestIds.some((id) => id.includes('evil'))).toBe(false);
    // Completed lines carry status and time, for dashboards.
    const completed = requestLines.find((l) => l.msg === 'request completed');
    expect(completed).toMatchObject({ res: { statusCode: expect.any(Number) }, responseTime: expect.any(Number) });
  });

  it('never logs the session token, the login code or state, or a child’s name', () => {
    const text = server.stdout.join('\n') + server.stderr.join('\n');
    expect(secrets.token && secrets.code && secrets.state).toBeTruthy();
    const leaks = Object.entries({ ...secrets, childFirst: CHILD.firstName, childLast: CHILD.lastName })
      .filter(([, value]) => value && text.includes(value))
      .map(([name]) => name);
    expect(leaks).toEqual([]);
    // The login return is logged, with its credentials replaced.
    expect(text).toContain('/api/vipps/token?code=[redacted]');
  });

  it('logs the shutdown', () => {
    const messages = server.jsonLogs().map((l) => l.msg);
    expect(messages).toContain('shutdown complete');
  });
});
