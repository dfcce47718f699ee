import { z } from 'zod';
import { idSchema } from '../ids';
import { trimmed } from './common';

export const termSchema = z.object({
  _id: idSchema,
  category: z.string(),
  text: z.string(),
  priority: z.number().int(),
});
export type Term = z.infer<typeof termSchema>;
export const termListSchema = z.array(termSchema);
export const termInputSchema = z.object({
  category: trimmed(200),
  text: trimmed(10_000),
  priority: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
