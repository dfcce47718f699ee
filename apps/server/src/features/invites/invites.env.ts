import { z } from 'zod';

/** The invites feature's own settings, merged into the environment by env.ts (features/env.ts). */
export const invitesEnv = {
  /** Rate limit for POST /api/invites: invites per user per hour. */
  INVITE_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Invite e-mails to one address per 24 hours, from all senders together (issue 36 finding 8). */
  INVITE_RECIPIENT_LIMIT: z.coerce.number().int().min(1).default(3),
  /** How long an invite link works, in days (shown to the owner). */
  INVITE_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(14),
} satisfies z.ZodRawShape;
