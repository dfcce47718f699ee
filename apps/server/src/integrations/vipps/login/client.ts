import * as oidc from 'openid-client';
import { z } from 'zod';

/** Vipps Login over openid-client v6, as integration brief §1 and §4 describe. */

export const VIPPS_LOGIN_SCOPES = 'openid name phoneNumber address birthDate email';
const DISCOVERY_TTL_MS = 3600_000; // Vipps sends Cache-Control: max-age=3600
const TIMEOUT_SECONDS = 10;

export interface VippsLoginConfig {
  /** https://api.vipps.no, https://apitest.vipps.no or the simulator; no trailing slash needed. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Sent as Vipps-System-* headers (login checklist). */
  systemName: string;
  systemVersion: string;
}

/** Userinfo as Vipps sends it (U1); only `sub` is certain, everything else depends on consent. */
export const vippsUserInfoSchema = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  phone_number: z.string().optional(),
  birthdate: z.string().optional(),
  address: z
    .object({
      street_address: z.string().optional(),
      postal_code: z.string().optional(),
      region: z.string().optional(),
      country: z.string().optional(),
      formatted: z.string().optional(),
      address_type: z.string().optional(),
    })
    .optional(),
});
export type VippsUserInfo = z.infer<typeof vippsUserInfoSchema>;

/** Why a login could not be completed: `rejected` is the user's (or an attacker's) problem, `unavailable` ours. */
export class VippsLoginError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'VippsLoginError';
  }
}

export interface VippsLoginClient {
  readonly issuer: string;
  authorizationUrl(input: { redirectUri: string; state: string; nonce: string; codeChallenge: string }): Promise<URL>;
  /** Exchanges the code (PKCE, state, nonce, ID token signature checked) and fetches userinfo for the token's sub. */
  completeLogin(input: {
    currentUrl: URL;
    expectedState: string;
    expectedNonce: string;
    codeVerifier: string;
  }): Promise<{ sub: string; userInfo: VippsUserInfo }>;
}

export function createVippsLoginClient(config: VippsLoginConfig): VippsLoginClient {
  const issuer = `${config.baseUrl.replace(/\/+$/, '')}/access-management-1.0/access/`;
  const insecure = new URL(issuer).protocol === 'http:';
  const systemHeaders = {
    'Vipps-System-Name': config.systemName.slice(0, 30),
    'Vipps-System-Version': config.systemVersion.slice(0, 30),
    'Vipps-System-Plugin-Name': 'vipps-login',
    'Vipps-System-Plugin-Version': config.systemVersion.slice(0, 30),
  };
  const customFetch: oidc.CustomFetch = (url, options) => {
    const headers = new Headers(options.headers);
    for (const [k, v] of Object.entries(systemHeaders)) headers.set(k, v);
    return fetch(url, { ...options, headers });
  };

  let cached: { at: number; config: Promise<oidc.Configuration> } | undefined;
  const configuration = (): Promise<oidc.Configuration> => {
    if (!cached || Date.now() - cached.at > DISCOVERY_TTL_MS) {
      const promise = oidc.discovery(new URL(issuer), config.clientId, undefined, oidc.ClientSecretBasic(config.clientSecret), {
        // Vipps defaults to client_secret_basic; openid-client would send client_secret_post (brief §4).
        // ID tokens from the token endpoint are not signature-checked by default: enableNonRepudiationChecks does it.
        execute: insecure ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
        [oidc.customFetch]: customFetch,
        timeout: TIMEOUT_SECONDS,
      });
      const entry = { at: Date.now(), config: promise };
      cached = entry;
      promise.catch(() => {
        if (cached === entry) cached = undefined; // retry discovery on the next login
      });
    }
    return cached.config;
  };

  return {
    issuer,
    async authorizationUrl({ redirectUri, state, nonce, codeChallenge }) {
      const cfg = await configuration().catch((err: unknown) => {
        throw new VippsLoginError('unavailable', 'Vipps Login discovery failed', { cause: err });
      });
      return oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: redirectUri,
        scope: VIPPS_LOGIN_SCOPES,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },
    async completeLogin({ currentUrl, expectedState, expectedNonce, codeVerifier }) {
      try {
        const cfg = await configuration();
        const tokens = await oidc.authorizationCodeGrant(cfg, currentUrl, {
          pkceCodeVerifier: codeVerifier,
          expectedState,
          expectedNonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims?.sub) throw new VippsLoginError('rejected', 'ID token without sub');
        const raw = await oidc.fetchUserInfo(cfg, tokens.access_token, claims.sub);
        const userInfo = vippsUserInfoSchema.safeParse(raw);
        if (!userInfo.success) throw new VippsLoginError('rejected', 'userinfo did not have the expected shape');
        return { sub: claims.sub, userInfo: userInfo.data };
      } catch (err) {
        throw classify(err);
      }
    },
  };
}

const UNAVAILABLE_CLIENT_CODES = new Set(['OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON']);

/** openid-client errors → rejected (401 for the user) or unavailable (502, logged as an error). */
function classify(err: unknown): VippsLoginError {
  if (err instanceof VippsLoginError) return err;
  if (err instanceof oidc.ResponseBodyError) {
    // invalid_client means our credentials or environment are wrong, not the user's attempt.
    const ours = err.status >= 500 || err.error === 'invalid_client';
    return new VippsLoginError(ours ? 'unavailable' : 'rejected', `token endpoint: ${err.error}`, { cause: err });
  }
  if (err instanceof oidc.WWWAuthenticateChallengeError) return new VippsLoginError('rejected', 'userinfo refused the access token', { cause: err });
  if (err instanceof oidc.AuthorizationResponseError) return new VippsLoginError('rejected', `authorization response: ${err.error}`, { cause: err });
  if (err instanceof oidc.ClientError) {
    const unavailable = err.code !== undefined && UNAVAILABLE_CLIENT_CODES.has(err.code);
    return new VippsLoginError(unavailable ? 'unavailable' : 'rejected', err.message, { cause: err });
  }
  // fetch failures (TypeError), timeouts (DOMException) and anything unexpected.
  return new VippsLoginError('unavailable', err instanceof Error ? err.message : 'Vipps Login failed', { cause: err });
}
