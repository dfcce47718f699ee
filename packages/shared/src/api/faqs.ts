import { z } from 'zod';
import { idSchema } from '../ids';
import { trimmed } from './common';

export const faqSchema = z.object({ _id: idSchema, question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;
export const faqListSchema = z.array(faqSchema);
export const faqInputSchema = z.object({ question: trimmed(500), answer: trimmed(5000) });
