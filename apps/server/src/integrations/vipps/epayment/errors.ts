/** Base of everything the ePayment client throws. */
export class VippsError extends Error {
  override name = 'VippsError';
  /** True when trying again (with the same Idempotency-Key) may succeed: network trouble, timeouts, 429, 5xx. */
  get retryable(): boolean {
    return false;
  }
}

/**
 * A non-2xx answer. Vipps sends RFC 7807 problem+json: `type` is often just `https://httpstatuses.io/<status>`, so
 * branch on `status`, then `title`/`extraDetails` (Vipps warns titles may change).
 */
export class VippsApiError extends VippsError {
  override name = 'VippsApiError';
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly detail: string,
    readonly traceId?: string,
    readonly extraDetails?: { name: string; reason: string }[],
  ) {
    super(`Vipps ${status} ${title}${detail ? `: ${detail}` : ''}`);
  }
  override get retryable(): boolean {
    return this.status === 429 || this.status >= 500;
  }
}

/** No answer: connection refused, reset, or the per-request timeout. The operation may or may not have happened. */
export class VippsNetworkError extends VippsError {
  override name = 'VippsNetworkError';
  constructor(
    message: string,
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
  override get retryable(): boolean {
    return true;
  }
}

/** A 2xx whose body is not what the API promises. */
export class VippsProtocolError extends VippsError {
  override name = 'VippsProtocolError';
}
