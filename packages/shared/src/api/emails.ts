import { z } from '../zod';
import { idSchema } from '../ids';
import { isoDateTime } from './common';

export const outboxMessageSchema = z.object({
  _id: idSchema,
  to: z.string(),
  subject: z.string(),
  /** The body: only while the site keeps it (test mode, no SMTP); a message sent over SMTP keeps no body. */
  text: z.string().nullable(),
  /** pending, sent, failed, or kept (no SMTP configured: the message stays here) */
  status: z.string(),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  attachments: z.array(z.object({ filename: z.string() })),
});
export const outboxListSchema = z.array(outboxMessageSchema);
export type OutboxList = z.infer<typeof outboxListSchema>;
export const outboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
