import { z } from 'zod';

/** The changes feature's own settings, merged into the environment by env.ts (features/env.ts). */
export const changesEnv = {
  /** How often each instance looks for cancelled dates due to be announced, in ms. */
  CLOSURE_JOB_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
} satisfies z.ZodRawShape;
