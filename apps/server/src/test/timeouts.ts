/**
 * TEST_TIMEOUT_SCALE (default 1, never below 1): multiplies the fault tests' time limits (decision 051), so a busy
 * machine or CI can give them longer without editing a test. vitest.config.ts reads the same setting for the
 * faults project's default limits.
 */
export const TIMEOUT_SCALE = Math.max(1, Number(process.env.TEST_TIMEOUT_SCALE) || 1);

/** A time limit (ms) scaled by TEST_TIMEOUT_SCALE. */
export const scaled = (ms: number): number => Math.round(ms * TIMEOUT_SCALE);
