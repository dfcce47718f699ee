import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { faqs } from '../../db/schema';

export function listFaqs(db: DbOrTx) {
  return db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .orderBy(asc(faqs.position), asc(faqs.createdAt), asc(faqs.id));
}
