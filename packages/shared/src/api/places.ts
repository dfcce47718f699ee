import { z } from 'zod';
import { idSchema } from '../ids';
import { trimmed } from './common';

export const placeSchema = z.object({
  _id: idSchema,
  name: z.string(),
  slug: z.string(),
  address: z.string(),
  zipCode: z.string(),
  place: z.string(),
  info: z.string(),
  published: z.boolean(),
  courseCount: z.number().int(),
});
export type Place = z.infer<typeof placeSchema>;
export const placeListSchema = z.array(placeSchema);

export const placeInputSchema = z.object({
  name: trimmed(100),
  address: trimmed(200),
  zipCode: z.string().regex(/^\d{4}$/, 'Postnummer må være fire siffer'),
  place: trimmed(100),
  info: z.string().max(5000).default(''),
  published: z.boolean().default(true),
});
