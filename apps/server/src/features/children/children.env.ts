import { z } from 'zod';

/** The children feature's own settings, merged into the environment by env.ts (features/env.ts). */
export const childrenEnv = {
  /** Rate limit for POST /api/users/children: children added per user per hour. */
  CHILD_ADD_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
} satisfies z.ZodRawShape;
