/**
 * TEST_TIMEOUT_SCALE (never below 1): multiplies the tests' time limits (decision 051), so a busy machine or CI can give
 * them longer without editing a test. vitest.config.ts sets it, when unset, from the machine's load per core at the
 * run's start, and uses it for every project's default limits.
 */
export const TIMEOUT_SCALE = Math.max(1, Number(process.env.TEST_TIMEOUT_SCALE) || 1);

/** A time limit (ms) scaled by TEST_TIMEOUT_SCALE. */
export const scaled = (ms: number): number => Math.round(ms * TIMEOUT_SCALE);
