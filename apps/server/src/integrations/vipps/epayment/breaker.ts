import { VippsError } from './errors';

/**
 * A circuit breaker for the Vipps API (decision 044): after `failureThreshold` calls in a row failed (no answer,
 * timeout, 429, 5xx) every call fails at once for `openMs` (VippsUnavailableError); then one trial call (half-open)
 * closes it or opens it again.
 */
export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerSnapshot {
  state: BreakerState;
  /** Failures in a row (reset by a success). */
  consecutiveFailures: number;
  /** When the breaker last opened, and when the current trouble started (first failure of the run). */
  openedAt: Date | null;
  /** While open: when the next trial call is let through. */
  retryAt: Date | null;
  lastError: string | null;
  lastSuccessAt: Date | null;
}

export interface BreakerOptions {
  failureThreshold?: number;
  openMs?: number;
  now?: () => number;
  /** Called when the state changes (not on every call). */
  onChange?: (snapshot: BreakerSnapshot) => void;
}

/** Thrown without calling Vipps while the breaker is open: nothing reached Vipps. */
export class VippsUnavailableError extends VippsError {
  override name = 'VippsUnavailableError';
  constructor(readonly retryAt: Date) {
    super(`Vipps is not called until ${retryAt.toISOString()} (circuit breaker open after repeated failures)`);
  }
  override get retryable(): boolean {
    return true;
  }
}

export interface CircuitBreaker {
  /** Throws VippsUnavailableError when the call must not go out. */
  before(): void;
  /** The call got an answer that says Vipps works (any 2xx or 4xx except 429). */
  success(): void;
  /** The call got no answer, a timeout, 429 or 5xx. */
  failure(error: unknown): void;
  snapshot(): BreakerSnapshot;
  /** Calls `listener` on every state change from now on. */
  subscribe(listener: (snapshot: BreakerSnapshot) => void): void;
}

export function createCircuitBreaker(options: BreakerOptions = {}): CircuitBreaker {
  const threshold = options.failureThreshold ?? 3;
  const openMs = options.openMs ?? 15_000;
  const now = options.now ?? Date.now;
  let state: BreakerState = 'closed';
  let failures = 0;
  let openedAt: number | null = null;
  let retryAt = 0;
  let trialInFlight = false;
  let lastError: string | null = null;
  let lastSuccessAt: number | null = null;
  const listeners = new Set<(snapshot: BreakerSnapshot) => void>();
  if (options.onChange) listeners.add(options.onChange);

  const snapshot = (): BreakerSnapshot => ({
    state,
    consecutiveFailures: failures,
    openedAt: openedAt === null ? null : new Date(openedAt),
    retryAt: state === 'open' ? new Date(retryAt) : null,
    lastError,
    lastSuccessAt: lastSuccessAt === null ? null : new Date(lastSuccessAt),
  });
  const move = (next: BreakerState) => {
    if (state === next) return;
    state = next;
    const now = snapshot();
    for (const listener of listeners) listener(now);
  };
  const open = () => {
    retryAt = now() + openMs;
    if (state === 'closed') openedAt = now();
    trialInFlight = false;
    if (state === 'open') return;
    move('open');
  };

  return {
    before() {
      if (state === 'closed') return;
      if (state === 'open' && now() < retryAt) throw new VippsUnavailableError(new Date(retryAt));
      // Half-open: one trial at a time; the others fail fast until it is back.
      if (trialInFlight) throw new VippsUnavailableError(new Date(now() + 1_000));
      trialInFlight = true;
      move('half-open');
    },
    success() {
      failures = 0;
      trialInFlight = false;
      lastSuccessAt = now();
      if (state !== 'closed') {
        move('closed');
        openedAt = null;
      }
    },
    failure(error) {
      failures += 1;
      lastError = error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200);
      if (state === 'half-open' || failures >= threshold) open();
    },
    snapshot,
    subscribe: (listener) => void listeners.add(listener),
  };
}
