import { z } from '../zod';
import { MAX_PHOTO_ALT_LENGTH, MAX_PHOTOS_PER_PLACE, PHOTO_VARIANTS, PLACE_IMAGES } from '../constants';
import { idSchema } from '../ids';

/** One of a venue's photos (issue 41): served from /api/images/{hash}/… (photoUrl). */
export const placePhotoSchema = z.object({
  _id: idSchema,
  hash: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The dominant colour ('#rrggbb'): the placeholder while the photo loads. */
  color: z.string(),
  alt: z.string(),
  cover: z.boolean(),
});
export type PlacePhoto = z.infer<typeof placePhotoSchema>;

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
  /** Uploaded photos in the admin's order; one is the cover. Empty: the drawing (`image`) is shown. */
  photos: z.array(placePhotoSchema),
});
export type Place = z.infer<typeof placeSchema>;
export const placeListSchema = z.array(placeSchema);

/** POST /places and PATCH /places/:id, as the venue form validates it too (spec §5). */
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

const photoAltSchema = z.string().trim().min(1, 'Alternativ tekst må fylles ut').max(MAX_PHOTO_ALT_LENGTH);

/** POST /places/:id/photos?alt=…: the body is the image's bytes; the alt text rides in the query. */
export const photoUploadQuerySchema = z.object({ alt: photoAltSchema });

export const placePhotoParamsSchema = z.object({ id: idSchema, photoId: idSchema });

/** PUT /places/:id/photos: every photo of the venue, in the new order, with its alt text; and the cover. */
export const placePhotosInputSchema = z.object({
  photos: z
    .array(z.object({ _id: idSchema, alt: photoAltSchema }))
    .max(MAX_PHOTOS_PER_PLACE),
  coverId: idSchema.nullable(),
});
export type PlacePhotosInput = z.infer<typeof placePhotosInputSchema>;

/** GET /api/images/:hash/:variant. */
export const imageParamsSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'Ugyldig bilde'),
  variant: z.enum(PHOTO_VARIANTS),
});
