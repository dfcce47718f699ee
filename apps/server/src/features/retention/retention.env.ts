import { z } from 'zod';

/** The retention feature's own settings, merged into the environment by env.ts (features/env.ts). */
export const retentionEnv = {
  /** A child's data goes this many months after its last course ends; a guardian with nothing left, after last login. */
  RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /** Health notes go sooner: this many days after the child's last course ends. */
  HEALTH_NOTE_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** The guardian's warning e-mail (with a keep link) goes this many days before the account is deleted. */
  RETENTION_WARNING_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  /** How often the retention job looks whether a day has passed since its last run, in ms. */
  RETENTION_JOB_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(3_600_000),
} satisfies z.ZodRawShape;
