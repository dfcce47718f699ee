import type { Term } from '@app/shared';
import type { ServiceContext } from '../../context';
import * as content from '../../repos/content.repo';

/** Spec §2: sorted by priority descending (then category, so equal priorities group together). */
export async function listTerms(ctx: ServiceContext): Promise<Term[]> {
  const rows = await content.listTerms(ctx.db);
  return rows.map((r) => ({ _id: r.id, category: r.category, text: r.text, priority: r.priority }));
}
