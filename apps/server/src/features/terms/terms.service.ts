import type { Term } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import * as repo from './terms.repo';

/** Spec §2: sorted by priority descending (then category, so equal priorities group together). */
export async function listTerms(db: DbOrTx): Promise<Term[]> {
  const rows = await repo.listTerms(db);
  return rows.map((r) => ({ _id: r.id, category: r.category, text: r.text, priority: r.priority }));
}
