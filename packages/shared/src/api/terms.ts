import { z } from '../zod';
import { RICH_TEXT_MAX } from '../constants';
import { idSchema } from '../ids';
import { isoDateTime, trimmed } from './common';

/** `text` is rich text like an FAQ answer. */
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
  text: trimmed(RICH_TEXT_MAX),
  priority: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type TermInput = z.input<typeof termInputSchema>;
export const termPatchSchema = z
  .object({
    category: trimmed(200),
    text: trimmed(RICH_TEXT_MAX),
    priority: z.number().int().min(-1_000_000).max(1_000_000),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Ingen endringer å lagre');
export type TermPatch = z.infer<typeof termPatchSchema>;

/** A snapshot of all terms after a change; an order records the version the parent accepted. */
export const termVersionSummarySchema = z.object({
  version: z.number().int(),
  createdAt: isoDateTime,
  change: z.enum(['created', 'updated', 'deleted', 'initial']),
  /** The term the change was about (null for the initial snapshot). */
  termId: idSchema.nullable(),
  /** Who made the change ('Fornavn Etternavn'), null when unknown or deleted. */
  changedBy: z.string().nullable(),
});
export type TermVersionSummary = z.infer<typeof termVersionSummarySchema>;
export const termVersionListSchema = z.array(termVersionSummarySchema);
export const termVersionSchema = termVersionSummarySchema.extend({ terms: termListSchema });
export type TermVersion = z.infer<typeof termVersionSchema>;
export const termVersionParamsSchema = z.object({ version: z.coerce.number().int().min(1).max(2_147_483_647) });
