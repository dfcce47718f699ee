import { z } from '../zod';
import { PLACE_IMAGES } from '../constants';
import { idSchema } from '../ids';

export const placeSchema = z.object({
  _id: idSchema,
  name: z.string(),
  slug: z.string(),
  address: z.string(),
  zipCode: z.string(),
  place: z.string(),
  info: z.string(),
  published: z.boolean(),
  /** One of the bundled venue illustrations, or null: then the picture is found by the venue's name. */
  image: z.enum(PLACE_IMAGES).nullable(),
  courseCount: z.number().int(),
  /** The slugs of the venue's earlier names: their addresses answer 301 to the current one (decision 036). */
  oldSlugs: z.array(z.string()),
});
export type Place = z.infer<typeof placeSchema>;
export const placeListSchema = z.array(placeSchema);

/**
 * POST /places and PATCH /places/:id (the form sends every field; the venue form validates with this same schema).
 * Spec §5: name, address, zip and place required; zip exactly 4 digits; info optional; published a checkbox.
 */
export const placeInputSchema = z.object({
  name: z.string().trim().min(1, 'Navn må fylles ut').max(100),
  address: z.string().trim().min(1, 'Adresse må fylles ut').max(200),
  zipCode: z.string().regex(/^\d{4}$/, 'Postnummer må være fire siffer'),
  place: z.string().trim().min(1, 'Sted må fylles ut').max(100),
  info: z.string().max(5000),
  published: z.boolean(),
  image: z.enum(PLACE_IMAGES).nullable(),
});
export type PlaceInput = z.infer<typeof placeInputSchema>;
