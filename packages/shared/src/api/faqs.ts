import { z } from '../zod';
import { FAQ_QUESTION_MAX, RICH_TEXT_MAX } from '../constants';
import { idSchema } from '../ids';
import { trimmed } from './common';

/** `answer` is rich text: HTML the server has sanitised (paragraphs, lists, links with http(s)/mailto only). */
export const faqSchema = z.object({ _id: idSchema, question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;
export const faqListSchema = z.array(faqSchema);
/** POST /faqs. The answer may hold HTML; the server keeps only the allowed tags (see RICH_TEXT_TAGS). */
export const faqInputSchema = z.object({
  question: trimmed(FAQ_QUESTION_MAX),
  answer: trimmed(RICH_TEXT_MAX),
});
export type FaqInput = z.infer<typeof faqInputSchema>;
/** PATCH /faqs/{id}: either field, or both. */
export const faqPatchSchema = faqInputSchema
  .partial()
  .refine((v) => v.question !== undefined || v.answer !== undefined, 'Ingen endringer å lagre');
export type FaqPatch = z.infer<typeof faqPatchSchema>;
/** PUT /faqs/order: ids in the new order, each once; FAQs not named (added meanwhile) follow in their old order. */
export const faqOrderSchema = z.object({
  ids: z
    .array(idSchema)
    .min(1)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Hver id kan bare stå én gang'),
});
