import type { Term, TermPatch, TermVersion, TermVersionSummary } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { richTextIsEmpty, sanitizeRichText } from '../../lib/rich-text';
import type { Viewer } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import * as repo from './terms.repo';

/** The part of the ServiceContext these functions use. */
export interface TermsContext {
  db: DbOrTx;
  viewer: Viewer;
}

const toTerm = (r: repo.TermSnapshot): Term => ({ _id: r.id, category: r.category, text: r.text, priority: r.priority });

function cleanText(text: string): string {
  const clean = sanitizeRichText(text);
  if (richTextIsEmpty(clean)) throw new AppError('VALIDATION', 'Invalid input: text is empty');
  return clean;
}

/** Spec §2: sorted by priority descending (then category, so equal priorities group together). */
export async function listTerms(ctx: Pick<TermsContext, 'db'>): Promise<Term[]> {
  return (await repo.listTerms(ctx.db)).map(toTerm);
}

/**
 * Every change runs in one transaction with its new version: the lock, an 'initial' snapshot if the terms were
 * never versioned (so the state before the first edit is kept too), the change, then the snapshot after it.
 */
async function change<T>(ctx: TermsContext, work: (tx: DbOrTx) => Promise<{ result: T; kind: repo.TermChange; termId: string }>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockTermsForChange(tx);
    if ((await repo.currentTermsVersion(tx)) === null) await repo.snapshotTerms(tx, 'initial');
    const { result, kind, termId } = await work(tx);
    await repo.snapshotTerms(tx, kind, termId, ctx.viewer?.id ?? null);
    return result;
  });
}

export function createTerm(ctx: TermsContext, input: { category: string; text: string; priority?: number }): Promise<Term> {
  const values = { category: input.category, text: cleanText(input.text), priority: input.priority ?? 0 };
  return change(ctx, async (tx) => {
    const row = await repo.insertTerm(tx, values);
    return { result: toTerm(row), kind: 'created', termId: row.id };
  });
}

export function updateTerm(ctx: TermsContext, id: string, patch: TermPatch): Promise<Term> {
  const values: Partial<{ category: string; text: string; priority: number }> = {};
  if (patch.category !== undefined) values.category = patch.category;
  if (patch.text !== undefined) values.text = cleanText(patch.text);
  if (patch.priority !== undefined) values.priority = patch.priority;
  return change(ctx, async (tx) => {
    const row = await repo.updateTerm(tx, id, values);
    if (!row) throw new AppError('NOT_FOUND', 'Term not found');
    return { result: toTerm(row), kind: 'updated', termId: id };
  });
}

export function deleteTerm(ctx: TermsContext, id: string): Promise<void> {
  return change(ctx, async (tx) => {
    if (!(await repo.deleteTerm(tx, id))) throw new AppError('NOT_FOUND', 'Term not found');
    return { result: undefined, kind: 'deleted', termId: id };
  });
}

const nameOf = (r: { firstName: string | null; lastName: string | null }) =>
  r.firstName || r.lastName ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() : null;

function toSummary(r: Awaited<ReturnType<typeof repo.listTermVersions>>[number]): TermVersionSummary {
  return {
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    change: r.change as TermVersionSummary['change'],
    termId: r.termId,
    changedBy: nameOf(r),
  };
}

/** Newest first. */
export async function listTermVersions(ctx: Pick<TermsContext, 'db'>): Promise<TermVersionSummary[]> {
  return (await repo.listTermVersions(ctx.db)).map(toSummary);
}

export async function getTermVersion(ctx: Pick<TermsContext, 'db'>, version: number): Promise<TermVersion> {
  const row = await repo.findTermVersion(ctx.db, version);
  if (!row) throw new AppError('NOT_FOUND', 'Terms version not found');
  return { ...toSummary(row), terms: (row.terms as repo.TermSnapshot[]).map(toTerm) };
}
