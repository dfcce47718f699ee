import type { Faq, FaqInput, FaqPatch } from '@app/shared';
import { requireAccess } from '../../access/access';
import type { ServiceContext } from '../../context';
import { cleanRichText } from '../../lib/rich-text';
import { AppError } from '../../lib/app-error';
import * as content from '../../repos/content.repo';

const toFaq = (r: { id: string; question: string; answer: string }): Faq => ({ _id: r.id, question: r.question, answer: r.answer });

/** Ordered by position, then by when they were written. */
export async function listFaqs(ctx: ServiceContext): Promise<Faq[]> {
  return (await content.listFaqs(ctx.db)).map(toFaq);
}

/** Admins only (the route's role gate). */
export async function createFaq(ctx: ServiceContext, input: FaqInput): Promise<Faq> {
  return toFaq(await content.insertFaq(ctx.db, { question: input.question, answer: cleanRichText(input.answer, 'answer') }));
}

export async function updateFaq(ctx: ServiceContext, id: string, patch: FaqPatch): Promise<Faq> {
  await requireAccess(ctx, 'faq.write', id);
  const values: { question?: string; answer?: string } = {};
  if (patch.question !== undefined) values.question = patch.question;
  if (patch.answer !== undefined) values.answer = cleanRichText(patch.answer, 'answer');
  const row = await content.updateFaq(ctx.db, id, values);
  if (!row) throw new AppError('NOT_FOUND', 'FAQ not found');
  return toFaq(row);
}

export async function deleteFaq(ctx: ServiceContext, id: string): Promise<void> {
  await requireAccess(ctx, 'faq.write', id);
  if (!(await content.deleteFaq(ctx.db, id))) throw new AppError('NOT_FOUND', 'FAQ not found');
}

/** The new order as the admin's list showed it; FAQs added meanwhile follow, a list naming a deleted one is a CONFLICT. */
export async function reorderFaqs(ctx: ServiceContext, ids: string[]): Promise<Faq[]> {
  return ctx.db.transaction(async (tx) => {
    await content.lockFaqsForReorder(tx);
    const current = (await content.listFaqs(tx)).map((f) => f.id);
    const known = new Set(current);
    if (ids.some((id) => !known.has(id))) throw new AppError('CONFLICT', 'An FAQ in the list no longer exists; reload and try again');
    const named = new Set(ids);
    await content.setFaqPositions(tx, [...ids, ...current.filter((id) => !named.has(id))]);
    return (await content.listFaqs(tx)).map(toFaq);
  });
}
