import { count, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PERSONS } from '@app/shared';
import { buildSimulator, LOGIN_REDIRECT_ERRORS, type VippsSimulator } from '@app/vipps-sim';
import { authStates, profileParents, profiles, users } from '../../db/schema';
import { createFamily } from '../../test/builders';
import { upsertVippsUser } from './auth.service';
import { createTestApp, type TestContext } from '../../test/app';
import { completeAuthorization, type AuthorizeChoice } from '../../test/vipps-login';
import { startVippsTestMode } from '../../integrations/vipps/test-mode';
import { parseEnv } from '../../env';

/**
 * The whole login over real HTTP: the product (app.inject for its own routes) talks to a simulator listening on an
 * ephemeral port, exactly as it would talk to Vipps.
 */
const PUBLIC_URL = 'http://localhost:3000';
const REDIRECT_URI = `${PUBLIC_URL}/vipps/login-redirect`;
const CLIENT_ID = 'integration-client';
const CLIENT_SECRET = 'integration-secret';
const SESSION_SECRET = 'integration-session-secret-0123456789abcdef';

const [ingrid, , sara, , kari] = DEMO_PERSONS as [
  (typeof DEMO_PERSONS)[0],
  (typeof DEMO_PERSONS)[0],
  (typeof DEMO_PERSONS)[0],
  (typeof DEMO_PERSONS)[0],
  (typeof DEMO_PERSONS)[0],
];

let sim: VippsSimulator;
let simUrl: string;
let ctx: TestContext;

const env = (extra: Record<string, string> = {}) => ({
  VIPPS_BASE_URL: simUrl,
  VIPPS_CLIENT_ID: CLIENT_ID,
  VIPPS_CLIENT_SECRET: CLIENT_SECRET,
  VIPPS_SUBSCRIPTION_KEY: 'sub-key',
  VIPPS_MERCHANT_SERIAL_NUMBER: '123456',
  PUBLIC_URL,
  SESSION_SECRET,
  ADMIN_PHONE_NUMBERS: '+47 910 00 001, 12345678',
  LOGIN_RATE_LIMIT: '1000',
  ...extra,
});

beforeAll(async () => {
  sim = await buildSimulator({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT_URI] });
  simUrl = (await sim.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  ctx = await createTestApp(env());
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});
beforeEach(() => {
  sim.simulator.hooks.wrongNonce = false;
  sim.simulator.hooks.signWithForeignKey = false;
});

/** The test's browser: the login cookie that login start set (login CSRF binding), sent back at the exchange. */
let browserCookie: string | undefined;
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie'] ?? '').split(';')[0];

async function startLogin(returnTo?: string, cookie = browserCookie): Promise<string> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/vipps/login',
    query: returnTo === undefined ? {} : { returnTo },
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(200);
  browserCookie = cookieOf(res);
  return res.json().loginUrl;
}

/** Login start → the simulator's page, as a person → the redirect the browser would follow. */
async function returnFromVipps(choice: AuthorizeChoice, returnTo?: string, cookie = browserCookie): Promise<URL> {
  const redirect = await completeAuthorization(await startLogin(returnTo, cookie), choice);
  expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
  return redirect;
}

const exchange = (search: string, cookie = browserCookie) =>
  ctx.app.inject({ method: 'GET', url: `/api/vipps/token${search}`, headers: cookie ? { cookie } : {} });

async function login(choice: AuthorizeChoice, returnTo?: string) {
  const res = await exchange((await returnFromVipps(choice, returnTo)).search);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const me = (token: string, type = 'Bearer') =>
  ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `${type} ${token}` } });

async function counts() {
  const db = ctx.database.db;
  const [u] = await db.select({ n: count() }).from(users);
  const [p] = await db.select({ n: count() }).from(profiles);
  const [pp] = await db.select({ n: count() }).from(profileParents);
  return { users: u!.n, profiles: p!.n, profileParents: pp!.n };
}

async function expectRefused(res: { statusCode: number; json(): { error: { code: string } } }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json().error.code).toBe(code);
}

describe('login start', () => {
  it('returns a Vipps authorize URL with PKCE S256, state, nonce, scopes and the registered redirect URI', async () => {
    const url = new URL(await startLogin('/kurs'));
    expect(`${url.origin}${url.pathname}`).toBe(`${simUrl}/access-management-1.0/access/oauth2/auth`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(q.get('scope')).toBe('openid name phoneNumber address birthDate email');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(8);
    expect(q.get('nonce')!.length).toBeGreaterThanOrEqual(8);
    const [row] = await ctx.database.db.select().from(authStates).where(eq(authStates.state, q.get('state')!));
    expect(row).toMatchObject({ returnTo: '/kurs' });
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(row!.codeVerifier).not.toBe(q.get('code_challenge'));
  });

  it('uses a new state and nonce for every attempt', async () => {
    const a = new URL(await startLogin()).searchParams;
    const b = new URL(await startLogin()).searchParams;
    expect(a.get('state')).not.toBe(b.get('state'));
    expect(a.get('nonce')).not.toBe(b.get('nonce'));
  });

  it.each(['https://evil.example/x', '//evil.example', '/\\evil.example', 'kurs', 'javascript:alert(1)', '/login'])(
    'replaces returnTo %s by /',
    async (returnTo) => {
      const body = await login({ person: kari.sub }, returnTo);
      expect(body.returnTo).toBe('/');
    },
  );
});

describe('the full code flow', () => {
  it('hands the session token over in the body only: no cookie carries it (decision 037)', async () => {
    const res = await exchange((await returnFromVipps({ person: kari.sub })).search);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const cookies = [res.headers['set-cookie'] ?? []].flat().map(String);
    for (const cookie of cookies) {
      // At most the login-browser cookie of the login start (decision 011) is touched; no session, no token.
      expect(cookie.split('=')[0]).toBe('login_browser');
      for (const token of [body.id_token, body.access_token]) expect(cookie).not.toContain(token);
    }
    // The API reads the token from the Authorization header only: the same token as a cookie is no session.
    const asCookie = await ctx.app.inject({ url: '/api/users/me', headers: { cookie: `token=${body.id_token}; session=${body.id_token}` } });
    expect(asCookie.statusCode).toBe(401);
  });

  it('creates the user, their profile and a session on the first login', async () => {
    const before = await counts();
    const body = await login({ person: sara.sub }, '/kurs/oslo?x=1');
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 12 * 3600, returnTo: '/kurs/oslo?x=1' });
    expect(body.id_token.split('.')).toHaveLength(3);
    expect(body.access_token).toBeTruthy();
    expect(body.access_token).not.toBe(body.id_token);

    const res = await me(body.id_token);
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({
      firstName: sara.givenName,
      lastName: sara.familyName,
      birthdate: sara.birthdate,
      email: sara.email,
      phone: sara.phoneNumber,
      address: sara.address.street_address,
      zipCode: sara.address.postal_code,
      place: sara.address.region,
      roles: ['parent'],
    });
    expect(user._id).toMatch(/^[0-9a-f]{24}$/);
    expect(user.profileIds).toHaveLength(1);
    expect(Date.parse(user.lastLogin)).toBeGreaterThan(Date.now() - 60_000);
    expect(user.registrationDate).toBeTruthy();

    const after = await counts();
    expect(after.users).toBe(before.users + 1);
    expect(after.profiles).toBe(before.profiles + 1);
    const [link] = await ctx.database.db.select().from(profileParents).where(eq(profileParents.userId, user._id));
    expect(link).toMatchObject({ profileId: user.profileIds[0], position: 0 });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user._id));
    expect(row!.vippsSub).toBe(sara.sub);
  });

  it('updates lastLogin on a later login and creates nothing new', async () => {
    const first = (await me((await login({ person: sara.sub })).id_token)).json();
    const before = await counts();
    await new Promise((r) => setTimeout(r, 20));
    const second = (await me((await login({ person: sara.sub })).id_token)).json();
    expect(second._id).toBe(first._id);
    expect(Date.parse(second.lastLogin)).toBeGreaterThan(Date.parse(first.lastLogin));
    expect(second.profileIds).toEqual(first.profileIds);
    expect(await counts()).toEqual(before);
  });

  it('gives the admin role to phones in ADMIN_PHONE_NUMBERS', async () => {
    const user = (await me((await login({ person: ingrid.sub })).id_token)).json();
    expect(user.roles).toEqual(expect.arrayContaining(['parent', 'admin']));
  });

  // Issue 36 finding 5: the list only bootstraps. Each number grants once, to the first Vipps identity seen with it;
  // the grant is logged; a demotion sticks; whoever gets the number next gets nothing.
  it('the admin list grants once: a demotion sticks and a recycled number grants nothing', async () => {
    const db = ctx.database.db;
    const logged: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = { info: (obj: Record<string, unknown>, msg: string) => logged.push({ obj, msg }) };
    const list = new Set(['4790000123']);
    const person = (sub: string, given: string) => ({ sub, given_name: given, family_name: 'Listesen', phone_number: '4790000123' });

    const firstId = await upsertVippsUser(db, log, 'list-first-sub', person('list-first-sub', 'Anne'), list);
    const roles = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!.roles;
    expect(await roles(firstId)).toEqual(['parent', 'admin']);
    expect(logged).toEqual([
      { obj: { userId: firstId, vippsSub: 'list-first-sub', alreadyAdmin: false }, msg: 'admin role granted from ADMIN_PHONE_NUMBERS (once per number)' },
    ]);

    // Another admin demotes her; her next login does not undo it.
    await db.update(users).set({ roles: ['parent'] }).where(eq(users.id, firstId));
    expect(await upsertVippsUser(db, log, 'list-first-sub', person('list-first-sub', 'Anne'), list)).toBe(firstId);
    expect(await roles(firstId)).toEqual(['parent']);

    // The number passes to someone else (another Vipps identity): no admin.
    const nextId = await upsertVippsUser(db, log, 'list-next-sub', person('list-next-sub', 'Bent'), list);
    expect(nextId).not.toBe(firstId);
    expect(await roles(nextId)).toEqual(['parent']);
    expect(logged).toHaveLength(1);
  });

  it('L5: keeps the name Vipps gives beside the editable one, renewed at every login, without bidi characters', async () => {
    const db = ctx.database.db;
    const log = { info: () => undefined };
    const id = await upsertVippsUser(db, log, 'l5-sub', { sub: 'l5-sub', given_name: 'Kari\u202E', family_name: 'Nordmann', phone_number: '4790000152' }, new Set());
    const row = async () => (await db.select().from(users).where(eq(users.id, id)))[0]!;
    expect(await row()).toMatchObject({ firstName: 'Kari', lastName: 'Nordmann', vippsFirstName: 'Kari', vippsLastName: 'Nordmann' });
    await db.update(users).set({ firstName: 'Kundeservice', vippsFirstName: 'Kundeservice' }).where(eq(users.id, id));
    await upsertVippsUser(db, log, 'l5-sub', { sub: 'l5-sub', given_name: 'Kari', family_name: 'Nordmann', phone_number: '4790000152' }, new Set());
    expect(await row()).toMatchObject({ firstName: 'Kundeservice', vippsFirstName: 'Kari', vippsLastName: 'Nordmann' });
  });

  it('accepts the token type in any case', async () => {
    const { id_token: token } = await login({ person: sara.sub });
    expect((await me(token, 'bearer')).statusCode).toBe(200);
    expect((await me(token, 'BEARER')).statusCode).toBe(200);
  });

  it('logs in a typed test person and stores the phone with its country prefix', async () => {
    const body = await login({ person: 'custom', phone: '412 34 567', givenName: 'Ola', familyName: 'Nordmann' });
    const user = (await me(body.id_token)).json();
    expect(user).toMatchObject({ firstName: 'Ola', lastName: 'Nordmann', phone: '4741234567', roles: ['parent'] });
  });
});

// Issue 9 finding 1: an attacker starts a login, approves it in Vipps as themselves, stops before the exchange and
// sends the `/vipps/login-redirect?code&state` link to a logged-in parent.
describe('login CSRF: the return is exchanged only in the browser that started the login', () => {
  it('sets an HttpOnly, SameSite=Lax cookie scoped to the login routes at login start', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/vipps/login' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^login_browser=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/api/vipps');
    expect(cookie).not.toContain('Secure'); // PUBLIC_URL is http here; see the https case below
  });

  it('refuses the attacker’s return link in the victim’s browser, and the victim’s session stays as it was', async () => {
    const victim = await login({ person: sara.sub });
    const victimCookie = browserCookie;
    const attackerBrowser = `login_browser=${'C'.repeat(43)}`;
    const attackerLink = await returnFromVipps({ person: kari.sub }, undefined, attackerBrowser);
    const before = await counts();

    for (const cookie of [victimCookie, '', 'login_browser=' + 'A'.repeat(43), 'login_browser=nonsense']) {
      // (Each try needs a fresh attacker link: the state is spent by the first refusal.)
      const link = cookie === victimCookie ? attackerLink : await returnFromVipps({ person: kari.sub }, undefined, 'login_browser=' + 'B'.repeat(43));
      const res = await exchange(link.search, cookie);
      await expectRefused(res, 401, 'LOGIN_BROWSER_MISMATCH');
    }
    expect(await counts()).toEqual(before);
    // Spent: not even the attacker's own browser can use it now.
    await expectRefused(await exchange(attackerLink.search, attackerBrowser), 401, 'LOGIN_STATE_INVALID');
    // The victim is still logged in as themselves.
    const stillMe = await me(victim.id_token);
    expect(stillMe.statusCode).toBe(200);
    expect(stillMe.json().lastName).toBe(sara.familyName);
  });

  it('lets two tabs of one browser each finish their own login', async () => {
    const first = await returnFromVipps({ person: sara.sub });
    const second = await returnFromVipps({ person: sara.sub });
    expect((await exchange(second.search)).statusCode).toBe(200);
    expect((await exchange(first.search)).statusCode).toBe(200);
  });

  it('marks the cookie Secure when the site runs on https', async () => {
    const secure = await createTestApp(env({ PUBLIC_URL: 'https://plask.example.no' }));
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/vipps/login' });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure$/);
    } finally {
      await secure.close();
    }
  });
});

describe('account linking (brief §1)', () => {
  // Issue 36 finding 2: "Mallory Larsen", logging in with Silje Larsen's old number, got her family. A phone number
  // never links now, whatever the names (decision 032).
  it('does not link by a phone number plus one matching name, nor plus both names', async () => {
    const db = ctx.database.db;
    const family = await createFamily(db, { lastName: 'Larsen', guardians: [{ firstName: 'Silje', phone: '4740000555', email: null }] });
    const silje = family.guardians[0]!;
    const before = await counts();
    const mallory = await login({ person: 'custom', phone: '40000555', givenName: 'Mallory', familyName: 'Larsen' });
    const malloryUser = (await me(mallory.id_token)).json();
    expect(malloryUser._id).not.toBe(silje.id);
    expect(malloryUser.profileIds).not.toContain(family.profile.id);
    const profile = await ctx.app.inject({ method: 'GET', url: `/api/profiles/${family.profile.id}`, headers: { authorization: `Bearer ${mallory.id_token}` } });
    expect(profile.statusCode).toBe(403);
    const [untouched] = await db.select().from(users).where(eq(users.id, silje.id));
    expect(untouched!.vippsSub).toBeNull();
    expect((await counts()).users).toBe(before.users + 1);

    // Same number, both names: still a new account (an admin brings a real owner in by invite).
    await db.insert(users).values({ firstName: 'Per', lastName: 'Persen', phone: '4740000777' });
    const per = (await me((await login({ person: 'custom', phone: '40000777', givenName: 'Per', familyName: 'Persen' })).id_token)).json();
    const sameNumber = await db.select().from(users).where(eq(users.phone, '4740000777'));
    expect(sameNumber).toHaveLength(2);
    expect(sameNumber.find((u) => u.vippsSub === null)!.id).not.toBe(per._id);
  });

  // Issue 9 finding 2: phone numbers are recycled. The new owner of a Hansen family's old number, also named
  // Hansen, logs in with their own Vipps identity: they must get an account of their own, not the family's.
  it('never relinks a user who already has another Vipps identity (recycled phone number)', async () => {
    const family = await createFamily(ctx.database.db, {
      lastName: 'Hansen',
      guardians: [{ firstName: 'Kari', phone: '4740000888', email: 'kari.hansen@example.no' }],
    });
    const oldOwner = family.guardians[0]!;
    await ctx.database.db.update(users).set({ vippsSub: 'old-owner-sub-0001' }).where(eq(users.id, oldOwner.id));
    const before = await counts();

    const body = await login({ person: 'custom', phone: '40000888', givenName: 'Kari', familyName: 'Hansen' });
    const newcomer = (await me(body.id_token)).json();

    expect(newcomer._id).not.toBe(oldOwner.id);
    expect(newcomer.profileIds).not.toContain(family.profile.id);
    const [kept] = await ctx.database.db.select().from(users).where(eq(users.id, oldOwner.id));
    expect(kept!.vippsSub).toBe('old-owner-sub-0001');
    expect((await counts()).users).toBe(before.users + 1);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: `/api/profiles/${family.profile.id}`,
      headers: { authorization: `Bearer ${body.id_token}` },
    });
    expect(profile.statusCode).toBe(403);
  });

  it('never relinks by a verified e-mail either, and links a user without a sub, logging both identities', async () => {
    const info = (sub: string, email: string) => ({
      sub,
      given_name: 'Ola',
      family_name: 'Berg',
      email,
      email_verified: true,
    });
    const logged: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = { info: (obj: Record<string, unknown>, msg: string) => logged.push({ obj, msg }) };
    const db = ctx.database.db;
    const [linked] = await db.insert(users).values({ firstName: 'Ola', lastName: 'Berg', email: 'ola.berg@example.no', vippsSub: 'ola-first-sub' }).returning();
    const otherId = await upsertVippsUser(db, log, 'someone-else-sub', info('someone-else-sub', 'ola.berg@example.no'), new Set());
    expect(otherId).not.toBe(linked!.id);
    const [still] = await db.select().from(users).where(eq(users.id, linked!.id));
    expect(still!.vippsSub).toBe('ola-first-sub');
    expect(logged).toEqual([]);

    const [imported] = await db.insert(users).values({ firstName: 'Ola', lastName: 'Berg', email: 'ola.imported@example.no' }).returning();
    const linkedId = await upsertVippsUser(db, log, 'imported-ola-sub', info('imported-ola-sub', 'ola.imported@example.no'), new Set());
    expect(linkedId).toBe(imported!.id);
    expect(logged).toEqual([
      { obj: { userId: imported!.id, vippsSub: 'imported-ola-sub', previousVippsSub: null, via: 'email' }, msg: 'Vipps login linked to an existing user' },
    ]);
  });
});

describe('refused logins create nothing', () => {
  /** Kari has never logged in: a refused login must not create her. */
  const asKari: AuthorizeChoice = { person: kari.sub };
  let before: Awaited<ReturnType<typeof counts>>;
  const kariRows = () => ctx.database.db.select().from(users).where(eq(users.vippsSub, kari.sub));

  beforeEach(async () => {
    await ctx.database.db.delete(users).where(eq(users.vippsSub, kari.sub));
    before = await counts();
  });
  const expectNothingCreated = async () => {
    expect(await counts()).toEqual(before);
    expect(await kariRows()).toHaveLength(0);
  };

  it('refuses a replayed code', async () => {
    const first = await returnFromVipps({ person: sara.sub });
    expect((await exchange(first.search)).statusCode).toBe(200);
    before = await counts();
    // A fresh, valid state with the already used code.
    const state = new URL(await startLogin()).searchParams.get('state')!;
    await expectRefused(await exchange(`?code=${first.searchParams.get('code')}&state=${state}`), 401, 'LOGIN_FAILED');
    expect(await counts()).toEqual(before);
  });

  it('refuses an unknown state', async () => {
    const redirect = await returnFromVipps(asKari);
    await expectRefused(await exchange(`?code=${redirect.searchParams.get('code')}&state=forged-state-123`), 401, 'LOGIN_STATE_INVALID');
    await expectRefused(await exchange(`?code=${redirect.searchParams.get('code')}`), 401, 'LOGIN_STATE_INVALID');
    await expectNothingCreated();
  });

  it('refuses a replayed state', async () => {
    const redirect = await returnFromVipps(asKari);
    await ctx.database.db.delete(users).where(eq(users.vippsSub, kari.sub));
    expect((await exchange(redirect.search)).statusCode).toBe(200);
    await ctx.database.db.delete(users).where(eq(users.vippsSub, kari.sub));
    before = await counts();
    await expectRefused(await exchange(redirect.search), 401, 'LOGIN_STATE_INVALID');
    await expectNothingCreated();
  });

  it('refuses an expired state', async () => {
    const redirect = await returnFromVipps(asKari);
    await ctx.database.db
      .update(authStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authStates.state, redirect.searchParams.get('state')!));
    await expectRefused(await exchange(redirect.search), 401, 'LOGIN_STATE_INVALID');
    await expectNothingCreated();
  });

  it('refuses an ID token with a wrong nonce', async () => {
    sim.simulator.hooks.wrongNonce = true;
    await expectRefused(await exchange((await returnFromVipps(asKari)).search), 401, 'LOGIN_FAILED');
    await expectNothingCreated();
  });

  it('refuses an ID token signed by another key', async () => {
    sim.simulator.hooks.signWithForeignKey = true;
    await expectRefused(await exchange((await returnFromVipps(asKari)).search), 401, 'LOGIN_FAILED');
    await expectNothingCreated();
  });

  it('refuses token faults chosen on the login page', async () => {
    for (const simulate of ['token:wrong_nonce', 'token:foreign_key']) {
      await expectRefused(await exchange((await returnFromVipps({ ...asKari, simulate })).search), 401, 'LOGIN_FAILED');
    }
    await expectNothingCreated();
  });

  it('refuses a code swapped into another attempt (PKCE)', async () => {
    const redirect = await returnFromVipps(asKari);
    const otherState = new URL(await startLogin()).searchParams.get('state')!;
    await expectRefused(await exchange(`?code=${redirect.searchParams.get('code')}&state=${otherState}`), 401, 'LOGIN_FAILED');
    await expectNothingCreated();
  });

  it.each(LOGIN_REDIRECT_ERRORS)('brings error=%s to the login return and creates nothing', async (code) => {
    const redirect = await returnFromVipps({ ...asKari, simulate: code });
    expect(redirect.searchParams.get('error')).toBe(code);
    expect(redirect.searchParams.get('code')).toBeNull();
    const res = await exchange(redirect.search);
    await expectRefused(res, 400, 'LOGIN_PROVIDER_ERROR');
    expect(res.json().error.message).toBe(code);
    // The attempt is used up.
    await expectRefused(await exchange(redirect.search), 401, 'LOGIN_STATE_INVALID');
    await expectNothingCreated();
  });

  it('brings access_denied when the person presses Avbryt', async () => {
    const redirect = await returnFromVipps({ ...asKari, action: 'cancel' });
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    await expectNothingCreated();
  });
});

describe('session tokens', () => {
  const key = new TextEncoder().encode(SESSION_SECRET);
  const sign = (claims: { sub: string; exp: number }, secret = key) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('babysvomming')
      .setAudience('babysvomming-api')
      .setSubject(claims.sub)
      .setIssuedAt(claims.exp - 3600)
      .setExpirationTime(claims.exp)
      .sign(secret);
  let userId: string;
  beforeAll(async () => {
    userId = (await me((await login({ person: sara.sub })).id_token)).json()._id;
  });

  it('answers an expired session with 401 SESSION_EXPIRED', async () => {
    const token = await sign({ sub: userId, exp: Math.floor(Date.now() / 1000) - 60 });
    await expectRefused(await me(token), 401, 'SESSION_EXPIRED');
  });

  it('answers a tampered session with 401 UNAUTHENTICATED', async () => {
    const { id_token: token } = await login({ person: sara.sub });
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '0123456789abcdef01234567' })).toString('base64url')}.${s}`;
    await expectRefused(await me(forged), 401, 'UNAUTHENTICATED');
    await expectRefused(await me(`${token.slice(0, -2)}xx`), 401, 'UNAUTHENTICATED');
  });

  it('answers a session signed with another secret, alg none, or no token with 401 UNAUTHENTICATED', async () => {
    const other = await sign({ sub: userId, exp: Math.floor(Date.now() / 1000) + 600 }, new TextEncoder().encode('x'.repeat(40)));
    await expectRefused(await me(other), 401, 'UNAUTHENTICATED');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: userId })).toString('base64url')}.`;
    await expectRefused(await me(none), 401, 'UNAUTHENTICATED');
    await expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/users/me' }), 401, 'UNAUTHENTICATED');
    await expectRefused(await me('not-a-jwt', 'Basic'), 401, 'UNAUTHENTICATED');
  });

  it('does not accept the opaque access_token as a credential', async () => {
    const { access_token: accessToken } = await login({ person: sara.sub });
    await expectRefused(await me(accessToken), 401, 'UNAUTHENTICATED');
  });
});

describe('configuration', () => {
  it('GET /api/config reports real Vipps when credentials are set', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ vippsTestMode: false, appVersion: '1.10.8-1', retention: { months: 12, healthNoteDays: 30, warningDays: 30 } });
  });

  it('GET /api/config reports test mode without credentials', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({
        vippsTestMode: true,
        appVersion: '1.10.8-1',
        retention: { months: 12, healthNoteDays: 30, warningDays: 30 },
      });
      // Without a simulator started (server.ts does that), login start says the provider is unavailable.
      await expectRefused(await bare.app.inject({ method: 'GET', url: '/api/vipps/login' }), 502, 'LOGIN_PROVIDER_UNAVAILABLE');
    } finally {
      await bare.close();
    }
  });

  it('test mode starts the simulator on its own port and the product logs in through it', async () => {
    const base = parseEnv({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false', VIPPS_SIM_PORT: '0', PUBLIC_URL });
    const started = await startVippsTestMode(base, { info: () => undefined });
    const testMode = await createTestApp({
      VIPPS_BASE_URL: started.env.VIPPS_BASE_URL!,
      VIPPS_CLIENT_ID: started.env.VIPPS_CLIENT_ID!,
      VIPPS_CLIENT_SECRET: started.env.VIPPS_CLIENT_SECRET!,
      VIPPS_SUBSCRIPTION_KEY: started.env.VIPPS_SUBSCRIPTION_KEY!,
      VIPPS_MERCHANT_SERIAL_NUMBER: started.env.VIPPS_MERCHANT_SERIAL_NUMBER!,
      PUBLIC_URL,
    });
    try {
      expect(started.env.vippsTestMode).toBe(true);
      expect(started.simulatorUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const start = await testMode.app.inject({ method: 'GET', url: '/api/vipps/login' });
      const cookie = cookieOf(start);
      const redirect = await completeAuthorization(start.json().loginUrl, { person: sara.sub });
      const res = await testMode.app.inject({ method: 'GET', url: `/api/vipps/token${redirect.search}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
    } finally {
      await testMode.close();
      await started.close();
    }
  });

  it('answers 502 when Vipps cannot be reached, and stores no attempt', async () => {
    const down = await createTestApp(env({ VIPPS_BASE_URL: 'http://127.0.0.1:1' }));
    try {
      await expectRefused(await down.app.inject({ method: 'GET', url: '/api/vipps/login' }), 502, 'LOGIN_PROVIDER_UNAVAILABLE');
      expect(await down.database.db.select().from(authStates)).toHaveLength(0);
    } finally {
      await down.close();
    }
  });

  it('rate-limits login start and token exchange per IP', async () => {
    const limited = await createTestApp(env({ LOGIN_RATE_LIMIT: '2' }));
    try {
      for (let i = 0; i < 2; i++) expect((await limited.app.inject({ method: 'GET', url: '/api/vipps/login' })).statusCode).toBe(200);
      await expectRefused(await limited.app.inject({ method: 'GET', url: '/api/vipps/login' }), 429, 'RATE_LIMITED');
      for (let i = 0; i < 2; i++) await limited.app.inject({ method: 'GET', url: '/api/vipps/token?state=nope-nope-nope' });
      await expectRefused(await limited.app.inject({ method: 'GET', url: '/api/vipps/token?state=nope-nope-nope' }), 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
