import type { Term, TermPatch, TermVersion, TermVersionSummary } from '@app/shared';
import { requireAccess } from '../../access/access';
import { withTx, type ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { cleanRichText } from '../../lib/rich-text';
import { AppError } from '../../lib/app-error';
import * as content from '../../repos/content.repo';

const toTerm = (r: content.TermSnapshot): Term => ({ _id: r.id, category: r.category, text: r.text, priority: r.priority });

/** Spec §2: sorted by priority descending (then category, so equal priorities group together). */
export async function listTerms(ctx: ServiceContext): Promise<Term[]> {
  return (await content.listTerms(ctx.db)).map(toTerm);
}

/** A change in one transaction with its versions: an 'initial' snapshot if never versioned, then the one after. */
async function change<T>(
  ctx: ServiceContext,
  work: (tx: DbOrTx) => Promise<{ result: T; kind: content.TermChange; termId: string }>,
): Promise<T> {
  return withTx(ctx, async (ctx) => {
    await content.lockTermsForChange(ctx.db);
    if ((await content.currentTermsVersion(ctx.db)) === null) await content.snapshotTerms(ctx.db, 'initial');
    const { result, kind, termId } = await work(ctx.db);
    await content.snapshotTerms(ctx.db, kind, termId, ctx.viewer?.id ?? null);
    return result;
  });
}

/** Admins only (the route's role gate). */
export function createTerm(ctx: ServiceContext, input: { category: string; text: string; priority?: number }): Promise<Term> {
  const values = { category: input.category, text: cleanRichText(input.text, 'text'), priority: input.priority ?? 0 };
  return change(ctx, async (tx) => {
    const row = await content.insertTerm(tx, values);
    return { result: toTerm(row), kind: 'created', termId: row.id };
  });
}

export async function updateTerm(ctx: ServiceContext, id: string, patch: TermPatch): Promise<Term> {
  await requireAccess(ctx, 'term.write', id);
  const values: Partial<{ category: string; text: string; priority: number }> = {};
  if (patch.category !== undefined) values.category = patch.category;
  if (patch.text !== undefined) values.text = cleanRichText(patch.text, 'text');
  if (patch.priority !== undefined) values.priority = patch.priority;
  return change(ctx, async (tx) => {
    const row = await content.updateTerm(tx, id, values);
    if (!row) throw new AppError('NOT_FOUND', 'Term not found');
    return { result: toTerm(row), kind: 'updated', termId: id };
  });
}

export async function deleteTerm(ctx: ServiceContext, id: string): Promise<void> {
  await requireAccess(ctx, 'term.write', id);
  return change(ctx, async (tx) => {
    if (!(await content.deleteTerm(tx, id))) throw new AppError('NOT_FOUND', 'Term not found');
    return { result: undefined, kind: 'deleted', termId: id };
  });
}

const nameOf = (r: { firstName: string | null; lastName: string | null }) =>
  r.firstName || r.lastName ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() : null;

function toSummary(r: Awaited<ReturnType<typeof content.listTermVersions>>[number]): TermVersionSummary {
  return {
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    change: r.change as TermVersionSummary['change'],
    termId: r.termId,
    changedBy: nameOf(r),
  };
}

/** Newest first. Admins only (the route's role gate). */
export async function listTermVersions(ctx: ServiceContext): Promise<TermVersionSummary[]> {
  return (await content.listTermVersions(ctx.db)).map(toSummary);
}

export async function getTermVersion(ctx: ServiceContext, version: number): Promise<TermVersion> {
  const row = await content.findTermVersion(ctx.db, version);
  if (!row) throw new AppError('NOT_FOUND', 'Terms version not found');
  return { ...toSummary(row), terms: (row.terms as content.TermSnapshot[]).map(toTerm) };
}
