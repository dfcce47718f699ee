import { describe, expect, it } from 'vitest';
import { createCircuitBreaker, VippsUnavailableError, type BreakerSnapshot } from './breaker';

describe('circuit breaker', () => {
  it('opens after the threshold, fails fast while open, lets one trial through, and closes on its success', () => {
    let now = 1_000;
    const changes: BreakerSnapshot['state'][] = [];
    const breaker = createCircuitBreaker({ failureThreshold: 3, openMs: 10_000, now: () => now, onChange: (s) => changes.push(s.state) });
    breaker.before();
    breaker.failure(new Error('a'));
    breaker.failure(new Error('b'));
    expect(breaker.snapshot().state).toBe('closed');
    breaker.failure(new Error('timed out'));
    expect(breaker.snapshot()).toMatchObject({ state: 'open', consecutiveFailures: 3, lastError: 'timed out', openedAt: new Date(1_000) });
    expect(() => breaker.before()).toThrow(VippsUnavailableError);

    now += 10_000;
    breaker.before(); // the trial
    expect(breaker.snapshot().state).toBe('half-open');
    expect(() => breaker.before()).toThrow(VippsUnavailableError); // only one trial at a time
    breaker.failure(new Error('still down'));
    expect(breaker.snapshot().state).toBe('open');
    expect(() => breaker.before()).toThrow(VippsUnavailableError);

    now += 10_000;
    breaker.before();
    breaker.success();
    expect(breaker.snapshot()).toMatchObject({ state: 'closed', consecutiveFailures: 0, openedAt: null });
    expect(changes).toEqual(['open', 'half-open', 'open', 'half-open', 'closed']);
  });

  it('a success in between resets the count', () => {
    const breaker = createCircuitBreaker({ failureThreshold: 2 });
    breaker.failure(new Error('a'));
    breaker.success();
    breaker.failure(new Error('b'));
    expect(breaker.snapshot().state).toBe('closed');
    expect(new VippsUnavailableError(new Date()).retryable).toBe(true);
  });
});
