import { z } from 'zod';

/** The contact feature's own settings, merged into the environment by env.ts (features/env.ts). */
export const contactEnv = {
  /** Rate limit for POST /contact: messages per IP per hour. */
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
} satisfies z.ZodRawShape;
