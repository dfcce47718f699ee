import { z } from '../zod';
import { idSchema } from '../ids';

/**
 * The signed-in user's sessions (issue 9 finding 8): GET /api/users/me/sessions lists the live ones; DELETE
 * /api/users/me/sessions ends them all ('Logg ut overalt'); DELETE /api/users/me/sessions/current ends this one
 * (logout).
 */
const isoDateTime = z.string().datetime({ offset: true });

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
