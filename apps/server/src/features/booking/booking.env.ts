import { z } from 'zod';

/** The booking feature's own settings, merged into the environment by env.ts (features/env.ts). */
export const bookingEnv = {
  /** Rate limits for POST /api/vipps/payment: payment starts per user, and per IP, per minute. */
  PAYMENT_START_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  PAYMENT_START_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
} satisfies z.ZodRawShape;
