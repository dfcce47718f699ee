import { z } from '../zod';
import { idSchema } from '../ids';

/** Pieces every feature's API file shares: the error body, id params, trimmed text, times. */

export const trimmed = (max: number) => z.string().trim().min(1).max(max);
/** Unicode bidi and format characters (U+200E–200F, U+202A–202E, U+2066–2069): they make a name display as another. */
const BIDI_CHARS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
export const stripBidi = (text: string): string => text.replace(BIDI_CHARS, '');
/** A person's name (a user's or a child's): bidi characters removed, trimmed, 1 to `max` characters (issue 52, L5). */
export const personName = (max: number, emptyMessage?: string) => z.string().overwrite(stripBidi).trim().min(1, emptyMessage).max(max);
export const isoDateTime = z.string().datetime({ offset: true });
/** The `_id` and names a person in an answer starts with (spread first, so the keys keep their order). */
export const personFields = { _id: idSchema, firstName: z.string(), lastName: z.string() };
/** A calendar day, YYYY-MM-DD, that exists (2026-13-40 and 2026-02-30 do not: 400, never rolled over). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Ugyldig dato (ÅÅÅÅ-MM-DD)')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Ugyldig dato (ÅÅÅÅ-MM-DD)');
/** A whole number from min to max, with one Norwegian message for every way to miss. */
export const wholeNumber = (min: number, max: number, what: string) => {
  const message = `${what} må være et helt tall fra ${min} til ${max}.`;
  return z.number(message).int(message).min(min, message).max(max, message);
};
/** An amount in whole øre in the contract (the spec's `price` and `amount` in kr stay plain numbers): parses to `Ore`. */
export const oreAmount = z.number().int().brand<'Ore'>();
export const oreBetween = (min: number, max: number) => z.number().int().min(min).max(max).brand<'Ore'>();
export const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000);

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** Values for the error's Norwegian text (e.g. a child's age and the course's range). */
    params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
  }),
});

/** Ids in a query, comma separated ('a,b'): each once, 1 to 50 of them. */
export const idListSchema = z
  .string()
  .max(2000)
  .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))])
  .pipe(z.array(idSchema).min(1).max(50));

export const idParamsSchema = z.object({ id: idSchema });
