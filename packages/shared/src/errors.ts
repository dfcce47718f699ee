/**
 * Errors travel as codes. The server maps each code to a status (apps/server/src/plugins/errors.ts); the web maps
 * codes to the spec's Norwegian texts (apps/web/src/lib/error-messages.ts). `message` is a plain English fallback.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  CHILD_ALREADY_IN_COURSE: 400,
  CHILD_ON_COURSE: 400,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  COURSE_FULL: 409,
  COURSE_NOT_PUBLISHED: 409,
  CONFLICT: 409,
  ALREADY_INVITED: 409,
  /** PATCH /profiles/{id}: the only or the first guardian cannot be removed. */
  LAST_GUARDIAN: 400,
  /** An invite that is no longer pending cannot be answered or deleted. */
  INVITE_NOT_PENDING: 409,
  RATE_LIMITED: 429,
  BUSY: 503,
  PAYMENT_PROVIDER: 502,
  /** Login return: the state is unknown, expired or already used (a replayed or forged return). */
  LOGIN_STATE_INVALID: 401,
  /** Login return: Vipps refused the code or its answer failed verification (nonce, signature, issuer …). */
  LOGIN_FAILED: 401,
  /** Login return carried Vipps' `error` parameter; the message is that code. The web shows it without calling. */
  LOGIN_PROVIDER_ERROR: 400,
  /** Vipps Login unreachable or answering 5xx / misconfigured client. */
  LOGIN_PROVIDER_UNAVAILABLE: 502,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: { path: string; message: string }[] };
}
