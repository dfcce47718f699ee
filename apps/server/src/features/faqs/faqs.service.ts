import type { Faq } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import * as repo from './faqs.repo';

/** Ordered by position, then by when they were written. */
export async function listFaqs(db: DbOrTx): Promise<Faq[]> {
  const rows = await repo.listFaqs(db);
  return rows.map((r) => ({ _id: r.id, question: r.question, answer: r.answer }));
}
