/** Vipps Login paths (integration brief §1). Userinfo lives outside the issuer path, as in the real API. */
export const ISSUER_PATH = '/access-management-1.0/access/';
export const DISCOVERY_PATH = `${ISSUER_PATH}.well-known/openid-configuration`;
export const AUTHORIZE_PATH = `${ISSUER_PATH}oauth2/auth`;
export const TOKEN_PATH = `${ISSUER_PATH}oauth2/token`;
export const JWKS_PATH = `${ISSUER_PATH}.well-known/jwks.json`;
export const USERINFO_PATH = '/vipps-userinfo-api/userinfo';
export const STYLES_PATH = '/vipps-sim/assets/sim.css';

/** The redirect error codes Vipps documents besides the standard OAuth ones, in the order the page lists them. */
export const LOGIN_REDIRECT_ERRORS = [
  'access_denied',
  'server_error',
  'login_required',
  'invalid_app_callback_uri',
  'app_callback_uri_not_registered',
  'outdated_app_version',
  'wrong_challenge',
  'unknown_reject_reason',
] as const;
export type LoginRedirectError = (typeof LOGIN_REDIRECT_ERRORS)[number];

/** Faults that go wrong in the token response instead of the redirect (negative tests of the client). */
export const TOKEN_FAULTS = ['wrong_nonce', 'foreign_key'] as const;
export type TokenFault = (typeof TOKEN_FAULTS)[number];

/** Scopes Vipps Login knows; `openid` is required. */
export const KNOWN_SCOPES = ['openid', 'name', 'phoneNumber', 'address', 'birthDate', 'email', 'nin', 'offline'] as const;
