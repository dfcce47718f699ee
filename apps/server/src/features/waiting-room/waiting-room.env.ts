import { z } from 'zod';

/** The queue feature's own settings, merged into the environment by env.ts (features/env.ts). */
export const waitingRoomEnv = {
  /** Decision 041: families let in per minute per opening (an admin may change it live), and at most this many inside. */
  QUEUE_ADMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  QUEUE_MAX_ACTIVE: z.coerce.number().int().min(1).max(100_000).default(300),
  /** How long an admitted family has to start a payment, in minutes. */
  QUEUE_ADMIT_MINUTES: z.coerce.number().min(0.1).max(120).default(10),
  /** How long after an opening its line governs booking (unless every course is full before), in minutes. */
  QUEUE_GATE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(120),
  /** How often each instance runs the admission job, in ms. */
  QUEUE_JOB_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  /** The shortest pace at which a waiting page asks for its position, in ms (the server may ask for a slower one). */
  QUEUE_POLL_MS: z.coerce.number().int().min(200).max(60_000).default(2_000),
  /** Seed of the pre-opening draw (tests, the bench); unset: a random seed per opening, kept on its row. */
  QUEUE_SHUFFLE_SEED: z.string().min(1).max(100).optional(),
} satisfies z.ZodRawShape;
