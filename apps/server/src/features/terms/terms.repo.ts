import { asc, desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { terms } from '../../db/schema';

export function listTerms(db: DbOrTx) {
  return db
    .select({ id: terms.id, category: terms.category, text: terms.text, priority: terms.priority })
    .from(terms)
    .orderBy(desc(terms.priority), asc(terms.category), asc(terms.createdAt), asc(terms.id));
}
