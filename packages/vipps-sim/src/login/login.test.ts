import { createHash } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PERSONS } from '@app/shared';
import { buildSimulator, type VippsSimulator } from '../simulator';
import { LOGIN_REDIRECT_ERRORS } from './paths';

const CLIENT_ID = 'test-client';
const SECRET = 'test-secret with spaces & symbols:ok';
const REDIRECT = 'http://localhost:3000/vipps/login-redirect';
const HOST = 'sim.test:4000';
const ISSUER = `http://${HOST}/access-management-1.0/access/`;
const AUTH = '/access-management-1.0/access/oauth2/auth';
const TOKEN = '/access-management-1.0/access/oauth2/token';
const person = DEMO_PERSONS[2]!;

const b64url = (b: Buffer) => b.toString('base64url');
const verifier = 'v'.repeat(43) + 'erifier-for-tests';
const challenge = b64url(createHash('sha256').update(verifier).digest());
const basic = (id = CLIENT_ID, secret = SECRET) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret).replace(/%20/g, '+')}`).toString('base64')}`;

let clock = Date.now();
let sim: VippsSimulator;

beforeAll(async () => {
  sim = await buildSimulator({ clientId: CLIENT_ID, clientSecret: SECRET, redirectUris: [REDIRECT], now: () => clock });
});
afterAll(() => sim.close());

function authorizeQuery(overrides: Record<string, string | undefined> = {}): string {
  const params: Record<string, string | undefined> = {
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'openid name phoneNumber address birthDate email',
    state: 'state-12345',
    nonce: 'nonce-abcdef',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  return `${AUTH}?${q}`;
}

async function authorize(overrides: Record<string, string | undefined> = {}, form: Record<string, string> = {}): Promise<URL> {
  const page = await sim.inject({ method: 'GET', url: authorizeQuery(overrides), headers: { host: HOST } });
  expect(page.statusCode).toBe(200);
  const requestId = /name="request_id" value="([^"]+)"/.exec(page.body)![1]!;
  const res = await sim.inject({
    method: 'POST',
    url: AUTH,
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ request_id: requestId, person: person.sub, action: 'approve', ...form }).toString(),
  });
  expect(res.statusCode).toBe(303);
  return new URL(res.headers.location as string);
}

async function codeFor(overrides: Record<string, string | undefined> = {}): Promise<string> {
  const url = await authorize(overrides);
  return url.searchParams.get('code')!;
}

function token(form: Record<string, string>, headers: Record<string, string> = { authorization: basic() }) {
  return sim.inject({
    method: 'POST',
    url: TOKEN,
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}

const grant = (code: string, extra: Record<string, string> = {}) => ({
  grant_type: 'authorization_code',
  code,
  redirect_uri: REDIRECT,
  code_verifier: verifier,
  ...extra,
});

async function jwks(): Promise<JSONWebKeySet> {
  const res = await sim.inject({ method: 'GET', url: '/access-management-1.0/access/.well-known/jwks.json', headers: { host: HOST } });
  return res.json();
}

describe('discovery and keys', () => {
  it('serves the OIDC configuration with the trailing-slash issuer and userinfo outside it', async () => {
    const res = await sim.inject({ method: 'GET', url: '/access-management-1.0/access/.well-known/openid-configuration', headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=3600');
    const doc = res.json();
    expect(doc.issuer).toBe(ISSUER);
    expect(doc.token_endpoint).toBe(`${ISSUER}oauth2/token`);
    expect(doc.authorization_endpoint).toBe(`${ISSUER}oauth2/auth`);
    expect(doc.jwks_uri).toBe(`${ISSUER}.well-known/jwks.json`);
    expect(doc.userinfo_endpoint).toBe(`http://${HOST}/vipps-userinfo-api/userinfo`);
    expect(doc.token_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(['client_secret_basic', 'client_secret_post']));
    expect(doc.id_token_signing_alg_values_supported).toEqual(['RS256']);
  });

  it('publishes one RS256 key whose kid looks like public:<uuid>', async () => {
    const { keys } = await jwks();
    expect(keys).toHaveLength(1);
    expect(keys[0]!.kid).toMatch(/^public:[0-9a-f-]{36}$/);
    expect(keys[0]!.alg).toBe('RS256');
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('authorize', () => {
  it('renders an accessible Norwegian page in testmodus, without scripts', async () => {
    const res = await sim.inject({ method: 'GET', url: authorizeQuery(), headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain('form-action');
    expect(res.body).toContain('<html lang="nb">');
    expect(res.body).toContain('Vipps (testmodus)');
    expect(res.body).toContain('Godkjenn');
    expect(res.body).toContain('Avbryt');
    expect(res.body).toContain('Simuler feil');
    expect(res.body).not.toMatch(/<script|onclick=|style="/i);
    for (const p of DEMO_PERSONS) expect(res.body).toContain(`${p.givenName} ${p.familyName}`);
    for (const code of LOGIN_REDIRECT_ERRORS) expect(res.body).toContain(`value="${code}"`);
    // Every input has a label.
    const ids = [...res.body.matchAll(/<input[^>]* id="([^"]+)"/g)].map((m) => m[1]);
    for (const id of ids) expect(res.body).toContain(`for="${id}"`);
  });

  it('answers a state shorter than 8 characters with an error redirect', async () => {
    const res = await sim.inject({ method: 'GET', url: authorizeQuery({ state: 'short' }), headers: { host: HOST } });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.origin + url.pathname).toBe(REDIRECT);
    expect(url.searchParams.get('error')).toBe('invalid_request');
    expect(url.searchParams.get('state')).toBe('short');
  });

  it.each([
    ['a trailing slash', `${REDIRECT}/`],
    ['an extra query', `${REDIRECT}?x=1`],
    ['another host', 'http://evil.example/vipps/login-redirect'],
    ['another port', 'http://localhost:3001/vipps/login-redirect'],
  ])('shows an error page, never a redirect, for a redirect_uri with %s', async (_name, redirectUri) => {
    const res = await sim.inject({ method: 'GET', url: authorizeQuery({ redirect_uri: redirectUri }), headers: { host: HOST } });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('Ugyldig redirect_uri');
  });

  it('shows an error page for an unknown client', async () => {
    const res = await sim.inject({ method: 'GET', url: authorizeQuery({ client_id: 'nope' }), headers: { host: HOST } });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('requires openid in the scope', async () => {
    const res = await sim.inject({ method: 'GET', url: authorizeQuery({ scope: 'name' }), headers: { host: HOST } });
    expect(new URL(res.headers.location as string).searchParams.get('error')).toBe('invalid_scope');
  });

  it.each(LOGIN_REDIRECT_ERRORS)('redirects with error=%s when it is simulated', async (code) => {
    const url = await authorize({}, { simulate: code });
    expect(url.searchParams.get('error')).toBe(code);
    expect(url.searchParams.get('state')).toBe('state-12345');
    expect(url.searchParams.get('code')).toBeNull();
  });

  it('redirects with access_denied on Avbryt', async () => {
    const url = await authorize({}, { action: 'cancel' });
    expect(url.searchParams.get('error')).toBe('access_denied');
  });

  it('redirects with code, state and scope on Godkjenn', async () => {
    const url = await authorize();
    expect(url.origin + url.pathname).toBe(REDIRECT);
    expect(url.searchParams.get('code')).toBeTruthy();
    expect(url.searchParams.get('state')).toBe('state-12345');
    expect(url.searchParams.get('scope')).toBe('openid name phoneNumber address birthDate email');
  });

  it('re-renders the page with labelled errors for an incomplete typed person', async () => {
    const page = await sim.inject({ method: 'GET', url: authorizeQuery(), headers: { host: HOST } });
    const requestId = /name="request_id" value="([^"]+)"/.exec(page.body)![1]!;
    const res = await sim.inject({
      method: 'POST',
      url: AUTH,
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ request_id: requestId, person: 'custom', phone: '12', action: 'approve' }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toMatch(/id="phone"[^>]*aria-invalid="true"/);
    expect(res.body).toContain('Skriv inn fornavn.');
  });
});

describe('token', () => {
  it('accepts client_secret_basic', async () => {
    const res = await token(grant(await codeFor()));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3599, scope: 'openid name phoneNumber address birthDate email' });
    expect(body.access_token).toBeTruthy();
    expect(body.id_token).toBeTruthy();
  });

  it('accepts client_secret_post', async () => {
    const res = await token(grant(await codeFor(), { client_id: CLIENT_ID, client_secret: SECRET }), {});
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong secret with invalid_client, for both methods', async () => {
    const viaBasic = await token(grant(await codeFor()), { authorization: basic(CLIENT_ID, 'wrong') });
    expect(viaBasic.statusCode).toBe(401);
    expect(viaBasic.json().error).toBe('invalid_client');
    expect(viaBasic.headers['www-authenticate']).toContain('Basic');
    const viaPost = await token(grant(await codeFor(), { client_id: CLIENT_ID, client_secret: 'wrong' }), {});
    expect(viaPost.statusCode).toBe(401);
    expect(viaPost.json().error).toBe('invalid_client');
    const none = await token(grant(await codeFor()), {});
    expect(none.json().error).toBe('invalid_client');
  });

  it('refuses two client authentication methods at once', async () => {
    const res = await token(grant(await codeFor(), { client_secret: SECRET }));
    expect(res.json().error).toBe('invalid_request');
  });

  it('refuses a PKCE verifier that does not match with invalid_grant', async () => {
    const res = await token(grant(await codeFor(), { code_verifier: 'x'.repeat(50) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
    const missing = await token({ grant_type: 'authorization_code', code: await codeFor(), redirect_uri: REDIRECT });
    expect(missing.json().error).toBe('invalid_grant');
  });

  it('verifies a plain PKCE challenge', async () => {
    const plain = 'p'.repeat(50);
    const code = await codeFor({ code_challenge: plain, code_challenge_method: 'plain' });
    expect((await token(grant(code, { code_verifier: plain }))).statusCode).toBe(200);
  });

  it('makes the code single use, and revokes the tokens of a replayed code', async () => {
    const code = await codeFor();
    const first = await token(grant(code));
    expect(first.statusCode).toBe(200);
    const replay = await token(grant(code));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    const info = await sim.inject({ method: 'GET', url: '/vipps-userinfo-api/userinfo', headers: { authorization: `Bearer ${first.json().access_token}` } });
    expect(info.statusCode).toBe(401);
  });

  it('lets the code expire after about two minutes', async () => {
    const code = await codeFor();
    clock += 121_000;
    try {
      const res = await token(grant(code));
      expect(res.json().error).toBe('invalid_grant');
    } finally {
      clock -= 121_000;
    }
  });

  it('requires the same redirect_uri as the authorize request', async () => {
    const res = await token(grant(await codeFor(), { redirect_uri: `${REDIRECT}/` }));
    expect(res.json().error).toBe('invalid_grant');
  });

  it('refuses other grant types and unknown codes', async () => {
    expect((await token({ grant_type: 'client_credentials' })).json().error).toBe('unsupported_grant_type');
    expect((await token(grant('no-such-code'))).json().error).toBe('invalid_grant');
  });

  it('signs an RS256 ID token with Vipps claims: aud is an array, nonce echoed, at_hash of the access token', async () => {
    const res = await token(grant(await codeFor()));
    const { id_token: idToken, access_token: accessToken } = res.json();
    const header = decodeProtectedHeader(idToken);
    expect(header.alg).toBe('RS256');
    expect(header.kid).toMatch(/^public:/);
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(await jwks()), { issuer: ISSUER, audience: CLIENT_ID });
    expect(Array.isArray(payload.aud)).toBe(true);
    expect(payload.aud).toEqual([CLIENT_ID]);
    expect(payload.sub).toBe(person.sub);
    expect(payload.nonce).toBe('nonce-abcdef');
    for (const claim of ['exp', 'iat', 'auth_time', 'sid', 'jti', 'at_hash']) expect(payload).toHaveProperty(claim);
    const digest = createHash('sha256').update(accessToken).digest();
    expect(payload.at_hash).toBe(b64url(digest.subarray(0, 16)));
    // No profile data in the ID token: that is what userinfo is for.
    expect(payload).not.toHaveProperty('name');
  });

  it('sends an empty nonce when none was requested, as Vipps does', async () => {
    const res = await token(grant(await codeFor({ nonce: undefined })));
    const { payload } = await jwtVerify(res.json().id_token, createLocalJWKSet(await jwks()));
    expect(payload.nonce).toBe('');
  });

  it('has test hooks for a wrong nonce and a foreign signing key', async () => {
    sim.simulator.hooks.wrongNonce = true;
    try {
      const res = await token(grant(await codeFor()));
      const { payload } = await jwtVerify(res.json().id_token, createLocalJWKSet(await jwks()));
      expect(payload.nonce).not.toBe('nonce-abcdef');
    } finally {
      sim.simulator.hooks.wrongNonce = false;
    }
    sim.simulator.hooks.signWithForeignKey = true;
    try {
      const res = await token(grant(await codeFor()));
      await expect(jwtVerify(res.json().id_token, createLocalJWKSet(await jwks()))).rejects.toThrow(/signature/);
    } finally {
      sim.simulator.hooks.signWithForeignKey = false;
    }
  });
});

describe('userinfo', () => {
  it('returns the consented claims in Vipps shapes for the Bearer access token', async () => {
    const res = await token(grant(await codeFor()));
    const info = await sim.inject({
      method: 'GET',
      url: '/vipps-userinfo-api/userinfo',
      headers: { authorization: `Bearer ${res.json().access_token}` },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      sub: person.sub,
      name: `${person.givenName} ${person.familyName}`,
      given_name: person.givenName,
      family_name: person.familyName,
      email: person.email,
      email_verified: true,
      phone_number: person.phoneNumber,
      birthdate: person.birthdate,
      address: { ...person.address, address_type: 'home' },
    });
    expect(info.json().phone_number).toMatch(/^\d{10,15}$/);
    expect(info.json().address.formatted).toContain(person.address.street_address);
  });

  it('gives only the scopes asked for', async () => {
    const res = await token(grant(await codeFor({ scope: 'openid phoneNumber' })));
    const info = await sim.inject({ method: 'GET', url: '/vipps-userinfo-api/userinfo', headers: { authorization: `Bearer ${res.json().access_token}` } });
    expect(Object.keys(info.json()).sort()).toEqual(['phone_number', 'sid', 'sub']);
  });

  it('refuses a missing or unknown token with 401 and WWW-Authenticate', async () => {
    const res = await sim.inject({ method: 'GET', url: '/vipps-userinfo-api/userinfo', headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('invalid_token');
  });

  it('logs in a typed test person with a stable sub', async () => {
    const form = { person: 'custom', phone: '+47 400 00 123', given_name: 'Test', family_name: 'Testesen' };
    const subs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const url = await authorize({}, form);
      const res = await token(grant(url.searchParams.get('code')!));
      const info = await sim.inject({ method: 'GET', url: '/vipps-userinfo-api/userinfo', headers: { authorization: `Bearer ${res.json().access_token}` } });
      expect(info.json()).toMatchObject({ phone_number: '4740000123', given_name: 'Test', family_name: 'Testesen', email_verified: false });
      subs.push(info.json().sub);
    }
    expect(subs[0]).toBe(subs[1]);
  });

  it("says a typed person's address is verified when 'E-postadressen er bekreftet hos Vipps' is ticked", async () => {
    const page = await sim.inject({ method: 'GET', url: authorizeQuery({}), headers: { host: HOST } });
    expect(page.body).toContain('E-postadressen er bekreftet hos Vipps');
    const url = await authorize({}, { person: 'custom', phone: '40000124', given_name: 'Bekreftet', family_name: 'Testesen', email_verified: '1' });
    const res = await token(grant(url.searchParams.get('code')!));
    const info = await sim.inject({ method: 'GET', url: '/vipps-userinfo-api/userinfo', headers: { authorization: `Bearer ${res.json().access_token}` } });
    expect(info.json()).toMatchObject({ email: 'bekreftet.testesen@example.no', email_verified: true });
  });
});
