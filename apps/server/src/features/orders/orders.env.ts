import { z } from 'zod';

/** The orders feature's own settings, merged into the environment by env.ts (features/env.ts). */
export const ordersEnv = {
  /** The ledger account the month-end's bookkeeping file puts course payments on (issue 40). */
  BOOKKEEPING_ACCOUNT: z.string().min(1).max(40).default('3000'),
} satisfies z.ZodRawShape;
