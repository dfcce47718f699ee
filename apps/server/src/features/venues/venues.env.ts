import { z } from 'zod';

/** The places feature's own settings, merged into the environment by env.ts (features/env.ts). */
export const venuesEnv = {
  /** Photo uploads (and replacements) per admin per hour (issue 41). */
  PHOTO_UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
} satisfies z.ZodRawShape;
