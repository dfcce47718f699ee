import { z } from '../zod';
import { trimmed } from './common';

export const contactInputSchema = z.object({
  name: trimmed(200),
  email: z.string().trim().max(254).email('Ugyldig e-postadresse'),
  message: trimmed(5000),
});
export type ContactInput = z.infer<typeof contactInputSchema>;
export const contactResponseSchema = z.object({ ok: z.literal(true) });
