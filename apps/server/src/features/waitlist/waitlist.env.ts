import { z } from 'zod';

/** The waitlist feature's own settings, merged into the environment by env.ts (features/env.ts). */
export const waitlistEnv = {
  /** How often the waitlist job passes on expired offers and offers freed places, in ms. */
  WAITLIST_JOB_MS: z.coerce.number().int().min(200).max(600_000).default(5_000),
} satisfies z.ZodRawShape;
