import type { Faq } from '@app/shared';
import type { ServiceContext } from '../../context';
import * as content from '../../repos/content.repo';

/** Ordered by position, then by when they were written. */
export async function listFaqs(ctx: ServiceContext): Promise<Faq[]> {
  const rows = await content.listFaqs(ctx.db);
  return rows.map((r) => ({ _id: r.id, question: r.question, answer: r.answer }));
}
