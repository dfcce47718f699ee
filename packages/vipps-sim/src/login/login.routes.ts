import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT } from 'jose';
import type { DemoPerson } from '@app/shared';
import type { SigningKeys } from './keys';
import { authorizePage, errorPage, STYLES, type AuthorizeFormValues, type FormError } from './pages';
import {
  AUTHORIZE_PATH,
  DISCOVERY_PATH,
  ISSUER_PATH,
  JWKS_PATH,
  KNOWN_SCOPES,
  LOGIN_REDIRECT_ERRORS,
  STYLES_PATH,
  TOKEN_FAULTS,
  TOKEN_PATH,
  USERINFO_PATH,
  type TokenFault,
} from './paths';
import { fromDemoPerson, normalizePhone, typedPerson, type SimPerson } from './persons';
import { ExpiringMap, type IssuedAccessToken, type IssuedCode, type PendingAuthorization } from './store';

interface LoginClient {
  clientId: string;
  clientSecret: string;
  /** Compared exactly: scheme, host, port, path, trailing slash. */
  redirectUris: string[];
  /** Shown on the login page ("Logg inn på …"). */
  name: string;
}

/** Switches for negative tests of a client; read on every token request, so tests may flip them at any time. */
export interface LoginHooks {
  /** Sign every ID token with a key that is not in the JWKS (same kid). */
  signWithForeignKey: boolean;
  /** Put a random nonce in every ID token instead of the one from the authorize request. */
  wrongNonce: boolean;
}

interface LoginRoutesOptions {
  client: LoginClient;
  persons: DemoPerson[];
  keys: SigningKeys;
  hooks: LoginHooks;
  now: () => number;

}

const PENDING_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 120_000; // Vipps: "a couple of minutes"
const ACCESS_TOKEN_TTL_S = 3599;
const MAX_STATE_LENGTH = 1000;
const ONE_HOUR = 3600;

const b64url = (buf: Buffer) => buf.toString('base64url');
const randomToken = () => b64url(randomBytes(32));
const sha256 = (s: string) => createHash('sha256').update(s).digest();
const safeEqual = (a: string, b: string) => timingSafeEqual(sha256(a), sha256(b));

export async function loginRoutes(app: FastifyInstance, opts: LoginRoutesOptions): Promise<void> {
  const { client, keys, hooks, now } = opts;
  const pending = new ExpiringMap<PendingAuthorization>(now);
  // Codes are kept a while after expiry, so a late or replayed code is answered as Vipps does: invalid_grant.
  const codes = new ExpiringMap<IssuedCode>(now, 10 * 60_000);
  const accessTokens = new ExpiringMap<IssuedAccessToken>(now);

  const base = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const issuer = (request: FastifyRequest) => `${base(request)}${ISSUER_PATH}`;

  const redirectOrigins = [...new Set(client.redirectUris.map(originOf).filter((o): o is string => Boolean(o)))];
  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header(
        'Content-Security-Policy',
        // form-action also governs the redirect after the form post, so the registered origins must be listed.
        `default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self' ${redirectOrigins.join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
      )
      .header('Referrer-Policy', 'no-referrer')
      .header('X-Content-Type-Options', 'nosniff')
      .send(html);

  const redirectWith = (reply: FastifyReply, redirectUri: string, params: Record<string, string | undefined>, status = 302) => {
    const url = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
    return reply.header('Cache-Control', 'no-store').redirect(url.toString(), status);
  };

  app.get(STYLES_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(STYLES),
  );

  // ---- discovery and keys ------------------------------------------------------------------------------------
  app.get(DISCOVERY_PATH, async (request, reply) => {
    const iss = issuer(request);
    reply.header('Cache-Control', 'public, max-age=3600');
    return {
      issuer: iss,
      authorization_endpoint: `${iss}oauth2/auth`,
      token_endpoint: `${iss}oauth2/token`,
      jwks_uri: `${iss}.well-known/jwks.json`,
      userinfo_endpoint: `${base(request)}${USERINFO_PATH}`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      subject_types_supported: ['public', 'pairwise'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: [...KNOWN_SCOPES],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic', 'private_key_jwt', 'none'],
      code_challenge_methods_supported: ['S256', 'plain'],
      claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'sid', 'jti', 'at_hash'],
      request_parameter_supported: false,
      claims_parameter_supported: false,
    };
  });

  app.get(JWKS_PATH, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return { keys: [keys.publicJwk] };
  });

  // ---- authorize ---------------------------------------------------------------------------------------------
  app.get(AUTHORIZE_PATH, async (request, reply) => {
    const q = request.query as Record<string, string | string[] | undefined>;
    const one = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : undefined);
    const clientId = one('client_id');
    const redirectUri = one('redirect_uri');

    // Until the redirect URI is trusted, errors are shown here and never redirected (RFC 6749 §4.1.2.1).
    if (!clientId || clientId !== client.clientId) {
      return sendHtml(reply, 400, errorPage('Ukjent klient', 'client_id mangler eller er ikke kjent for Vipps (testmodus).', clientId ? [clientId] : []));
    }
    if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
      return sendHtml(
        reply,
        400,
        errorPage(
          'Ugyldig redirect_uri',
          'redirect_uri må være nøyaktig lik en registrert adresse (samme skråstrek på slutten, ingen ekstra parametre). Mottatt og registrert:',
          [`mottatt: ${redirectUri ?? '(mangler)'}`, ...client.redirectUris.map((u) => `registrert: ${u}`)],
        ),
      );
    }

    const state = one('state');
    const fail = (error: string, description: string) =>
      redirectWith(reply, redirectUri, { error, error_description: description, state });

    if ([state, one('nonce')].some((v) => v !== undefined && v.length >= MAX_STATE_LENGTH)) {
      // Vipps has answered very long state/nonce values with HTTP 502 (brief §1); so does the simulator.
      return sendHtml(reply, 502, errorPage('502 Bad Gateway', 'state eller nonce er for lang.'));
    }
    if (one('response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be code');
    if (!state || state.length < 8) return fail('invalid_request', 'state must be at least 8 characters');
    const scope = (one('scope') ?? '').split(' ').filter(Boolean);
    if (!scope.includes('openid')) return fail('invalid_scope', 'scope must include openid');
    const unknown = scope.filter((s) => !(KNOWN_SCOPES as readonly string[]).includes(s));
    if (unknown.length) return fail('invalid_scope', `unknown scope: ${unknown.join(' ')}`);
    const codeChallenge = one('code_challenge');
    const method = one('code_challenge_method') ?? 'plain';
    if (method !== 'S256' && method !== 'plain') return fail('invalid_request', 'code_challenge_method must be S256 or plain');
    if (codeChallenge !== undefined && !/^[A-Za-z0-9\-._~]{43,128}$/.test(codeChallenge)) {
      return fail('invalid_request', 'code_challenge must be 43 to 128 characters');
    }

    const requestId = randomToken();
    pending.set(requestId, {
      clientId,
      redirectUri,
      scope,
      state,
      nonce: one('nonce'),
      codeChallenge,
      codeChallengeMethod: method,
      expiresAt: now() + PENDING_TTL_MS,
    });
    return sendHtml(reply, 200, authorizePage({ requestId, clientName: client.name, scope, persons: opts.persons }));
  });

  app.post(AUTHORIZE_PATH, async (request, reply) => {
    const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const requestId = body.get('request_id') ?? '';
    const auth = pending.get(requestId);
    if (!auth || auth.expiresAt < now()) {
      return sendHtml(reply, 400, errorPage('Innloggingen er utløpt', 'Start innloggingen på nytt fra nettstedet.'));
    }
    const { redirectUri, state } = auth;

    if (body.get('action') === 'cancel') {
      pending.delete(requestId);
      return redirectWith(reply, redirectUri, { error: 'access_denied', error_description: 'User cancelled the login', state }, 303);
    }
    const simulate = body.get('simulate') ?? '';
    if ((LOGIN_REDIRECT_ERRORS as readonly string[]).includes(simulate)) {
      pending.delete(requestId);
      return redirectWith(reply, redirectUri, { error: simulate, error_description: `Simulated error: ${simulate}`, state }, 303);
    }
    const fault = simulate.startsWith('token:') ? simulate.slice(6) : undefined;
    if (fault !== undefined && !(TOKEN_FAULTS as readonly string[]).includes(fault)) {
      return sendHtml(reply, 400, errorPage('Ukjent feilvalg', 'Valget under «Simuler feil» er ikke kjent.', [simulate]));
    }

    const values: AuthorizeFormValues = {
      person: body.get('person') ?? '',
      phone: (body.get('phone') ?? '').trim(),
      givenName: (body.get('given_name') ?? '').trim(),
      familyName: (body.get('family_name') ?? '').trim(),
      emailVerified: body.get('email_verified') === '1',
      simulate,
    };
    const errors: FormError[] = [];
    let person: SimPerson | undefined;
    if (values.person === 'custom') {
      const msisdn = normalizePhone(values.phone);
      if (!values.phone) errors.push({ field: 'phone', message: 'Skriv inn et mobilnummer.' });
      else if (!msisdn) errors.push({ field: 'phone', message: 'Mobilnummeret må ha 8 siffer, eller 10 til 15 siffer med landskode.' });
      if (!values.givenName) errors.push({ field: 'given_name', message: 'Skriv inn fornavn.' });
      if (!values.familyName) errors.push({ field: 'family_name', message: 'Skriv inn etternavn.' });
      if (!errors.length && msisdn) person = typedPerson(msisdn, values.givenName, values.familyName, opts.persons, values.emailVerified);
    } else {
      const demo = opts.persons.find((p) => p.sub === values.person);
      if (!demo) errors.push({ field: 'person-custom', message: 'Velg en testperson.' });
      else if (values.phone) {
        errors.push({
          field: 'person-custom',
          message: 'Du har fylt ut et mobilnummer, men valgt en testperson fra listen. Velg «Annen testperson» eller tøm feltet.',
        });
      } else person = fromDemoPerson(demo);
    }
    if (!person) {
      return sendHtml(reply, 400, authorizePage({ requestId, clientName: client.name, scope: auth.scope, persons: opts.persons, values, errors }));
    }

    pending.delete(requestId);
    const code = randomToken();
    codes.set(code, {
      clientId: auth.clientId,
      redirectUri,
      scope: auth.scope,
      nonce: auth.nonce,
      codeChallenge: auth.codeChallenge,
      codeChallengeMethod: auth.codeChallengeMethod,
      person,
      authTime: Math.floor(now() / 1000),
      sid: randomUUID(),
      fault: fault as TokenFault | undefined,
      expiresAt: now() + CODE_TTL_MS,
      used: false,
      accessTokens: [],
    });
    return redirectWith(reply, redirectUri, { code, state, scope: auth.scope.join(' ') }, 303);
  });

  // ---- token -------------------------------------------------------------------------------------------------
  app.post(TOKEN_PATH, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    const oauthError = (status: number, error: string, description: string) => reply.status(status).send({ error, error_description: description });

    if (!(request.body instanceof URLSearchParams)) {
      return oauthError(400, 'invalid_request', 'body must be application/x-www-form-urlencoded');
    }
    const body = request.body;
    const repeated = [...new Set(body.keys())].filter((k) => body.getAll(k).length > 1);
    if (repeated.length) return oauthError(400, 'invalid_request', `repeated parameter: ${repeated.join(', ')}`);

    // Client authentication: client_secret_basic (the Vipps default) or client_secret_post, never both.
    const basic = parseBasic(request.headers.authorization);
    if (basic === 'malformed') return oauthError(401, 'invalid_client', 'malformed Authorization header');
    const postId = body.get('client_id') ?? undefined;
    const postSecret = body.get('client_secret') ?? undefined;
    if (basic && postSecret !== undefined) return oauthError(400, 'invalid_request', 'use one client authentication method');
    if (basic && postId !== undefined && postId !== basic.id) return oauthError(400, 'invalid_request', 'client_id does not match');
    const creds = basic ?? (postId !== undefined && postSecret !== undefined ? { id: postId, secret: postSecret } : undefined);
    if (!creds || creds.id !== client.clientId || !safeEqual(creds.secret, client.clientSecret)) {
      if (basic) reply.header('WWW-Authenticate', 'Basic realm="vipps"');
      return oauthError(401, 'invalid_client', 'client authentication failed');
    }

    if (body.get('grant_type') !== 'authorization_code') {
      return oauthError(400, 'unsupported_grant_type', 'only authorization_code is supported');
    }
    const codeValue = body.get('code');
    const redirectUri = body.get('redirect_uri');
    if (!codeValue) return oauthError(400, 'invalid_request', 'code is required');
    if (!redirectUri) return oauthError(400, 'invalid_request', 'redirect_uri is required');

    const code = codes.get(codeValue);
    if (!code || code.clientId !== client.clientId) return oauthError(400, 'invalid_grant', 'unknown authorization code');
    if (code.used) {
      for (const t of code.accessTokens) accessTokens.delete(t);
      return oauthError(400, 'invalid_grant', 'authorization code already used');
    }
    code.used = true;
    if (code.expiresAt < now()) return oauthError(400, 'invalid_grant', 'authorization code expired');
    if (redirectUri !== code.redirectUri) return oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorize request');

    const verifier = body.get('code_verifier');
    if (code.codeChallenge !== undefined) {
      if (!verifier) return oauthError(400, 'invalid_grant', 'code_verifier is required');
      const computed = code.codeChallengeMethod === 'S256' ? b64url(sha256(verifier)) : verifier;
      if (!safeEqual(computed, code.codeChallenge)) return oauthError(400, 'invalid_grant', 'code_verifier does not match');
    } else if (verifier) {
      return oauthError(400, 'invalid_grant', 'code_verifier sent without a code_challenge');
    }

    const accessToken = randomToken();
    const iat = Math.floor(now() / 1000);
    accessTokens.set(accessToken, {
      clientId: code.clientId,
      scope: code.scope,
      person: code.person,
      sid: code.sid,
      expiresAt: now() + ACCESS_TOKEN_TTL_S * 1000,
    });
    code.accessTokens.push(accessToken);

    const wrongNonce = hooks.wrongNonce || code.fault === 'wrong_nonce';
    const foreign = hooks.signWithForeignKey || code.fault === 'foreign_key';
    const digest = sha256(accessToken);
    const idToken = await new SignJWT({
      aud: [code.clientId],
      auth_time: code.authTime,
      rat: code.authTime,
      // Vipps sends an empty nonce when none was requested (brief §1, L2).
      nonce: wrongNonce ? randomToken() : (code.nonce ?? ''),
      sid: code.sid,
      at_hash: b64url(digest.subarray(0, digest.length / 2)),
    })
      .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' })
      .setIssuer(issuer(request))
      .setSubject(code.person.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ONE_HOUR)
      .setJti(randomUUID())
      .sign(foreign ? keys.foreignPrivateKey : keys.privateKey);

    return {
      access_token: accessToken,
      id_token: idToken,
      expires_in: ACCESS_TOKEN_TTL_S,
      scope: code.scope.join(' '),
      token_type: 'bearer',
    };
  });

  // ---- userinfo (outside the issuer path, as at Vipps) ----------------------------------------------------------
  app.get(USERINFO_PATH, async (request, reply) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const token = match?.[1] ? accessTokens.get(match[1]) : undefined;
    if (!token || token.expiresAt < now()) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer error="invalid_token", error_description="access token unknown or expired"')
        .send({ error: 'invalid_token', error_description: 'access token unknown or expired' });
    }
    reply.header('Cache-Control', 'no-store');
    return userinfoClaims(token.person, token.scope, token.sid);
  });
}

function userinfoClaims(p: SimPerson, scope: string[], sid: string): Record<string, unknown> {
  const claims: Record<string, unknown> = { sub: p.sub, sid };
  if (scope.includes('name')) {
    claims.name = `${p.givenName} ${p.familyName}`.trim();
    claims.given_name = p.givenName;
    claims.family_name = p.familyName;
  }
  if (scope.includes('email')) {
    claims.email = p.email;
    claims.email_verified = p.emailVerified;
  }
  if (scope.includes('phoneNumber')) claims.phone_number = p.phoneNumber;
  if (scope.includes('birthDate')) claims.birthdate = p.birthdate;
  if (scope.includes('address')) {
    const a = p.address;
    claims.address = {
      street_address: a.street_address,
      postal_code: a.postal_code,
      region: a.region,
      country: a.country,
      formatted: `${a.street_address}\n${a.postal_code} ${a.region}\n${a.country}`,
      address_type: 'home',
      default: true,
    };
    claims.other_addresses = [];
  }
  return claims;
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before base64. */
function parseBasic(header: string | undefined): { id: string; secret: string } | 'malformed' | undefined {
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!match?.[1]) return /^Basic\b/i.test(header.trim()) ? 'malformed' : undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { id: dec(decoded.slice(0, colon)), secret: dec(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

function originOf(uri: string): string | undefined {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
}
