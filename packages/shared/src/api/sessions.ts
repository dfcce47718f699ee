import { z } from '../zod';
import { idSchema } from '../ids';
import { isoDateTime } from './common';

/** GET /api/users/me/sessions: the live sessions; DELETE ends them all ('Logg ut overalt'), …/current this one. */

export const sessionInfoSchema = z.object({
  _id: idSchema,
  /** A short description of the browser and system, e.g. 'Safari på iPhone'; 'Ukjent enhet' when unknown. */
  device: z.string(),
  createdAt: isoDateTime,
  lastSeenAt: isoDateTime,
  expiresAt: isoDateTime,
  /** The session this request was made with. */
  current: z.boolean(),
});

export const sessionListSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionsEndedSchema = z.object({ ended: z.number().int().min(0) });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
