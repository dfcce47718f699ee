import { z } from 'zod';

/** The auth feature's own settings, merged into the environment by env.ts (features/env.ts). */
export const authEnv = {
  ADMIN_PHONE_NUMBERS: z.string().default(''),
  /** Rate limit for login start and token exchange: requests per IP per 10 minutes, each. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
} satisfies z.ZodRawShape;
