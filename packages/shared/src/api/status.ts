import { z } from '../zod';

/** GET /api/health: the status code tells the load balancer about the database; admins also get `details`. */
export const VIPPS_BREAKER_STATES = ['closed', 'open', 'half-open', 'unconfigured'] as const;

export const statusDetailsSchema = z.object({
  database: z.object({ kind: z.enum(['postgres', 'pglite']).nullable(), latencyMs: z.number() }),
  outbox: z.object({ pending: z.number().int(), failed: z.number().int(), oldestPendingAt: z.string().nullable() }),
  reconciler: z.object({
    /** This instance's last run (null before the first). */
    lastRunAt: z.string().nullable(),
    lastClaimed: z.number().int().nullable(),
    lastFailed: z.number().int().nullable(),
    /** Orders waiting on Vipps work for more than a minute past their time (any instance should have taken them). */
    overdue: z.number().int(),
  }),
  /** Open payment incidents (issue 52): each waits for an admin to resolve it on its order. */
  paymentIncidents: z.object({ open: z.number().int() }),
  vipps: z.object({
    state: z.enum(VIPPS_BREAKER_STATES),
    consecutiveFailures: z.number().int(),
    retryAt: z.string().nullable(),
    lastError: z.string().nullable(),
    outages: z.array(z.object({ startedAt: z.string(), endedAt: z.string().nullable(), lastError: z.string().nullable() })),
  }),
});
export type StatusDetails = z.infer<typeof statusDetailsSchema>;

export const statusSchema = z.object({ status: z.literal('ok'), details: statusDetailsSchema.optional() });
export type ServerStatus = z.infer<typeof statusSchema>;
