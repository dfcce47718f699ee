/** The `outbox` table: e-mail waiting to be sent. Only this repo queries it. */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = typeof outbox.$inferInsert;

export async function insertOutbox(db: DbOrTx, row: NewOutboxRow): Promise<string> {
  const [inserted] = await db.insert(outbox).values(row).returning({ id: outbox.id });
  return inserted!.id;
}

/**
 * Claims up to `batch` due messages for this worker: the row locks (SKIP LOCKED) keep two instances from taking the
 * same row, and the lease (next_attempt_at moved ahead, attempts + 1) keeps it claimed after commit, so a worker that
 * dies mid-send leaves the message to be retried when the lease runs out.
 */
export function claimDue(db: DbOrTx, batch: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(batch)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(inArray(outbox.id, due))
    .returning();
}

/** Without SMTP the due messages are kept in the database (for the dev mail page) instead of sent. */
export async function keepDue(db: DbOrTx, batch: number): Promise<number> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(batch)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ status: 'kept' })
    .where(inArray(outbox.id, due))
    .returning({ id: outbox.id });
  return rows.length;
}

export async function markSent(db: DbOrTx, id: string): Promise<void> {
  await db.update(outbox).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(eq(outbox.id, id));
}

export async function markRetry(db: DbOrTx, id: string, error: string, delayMs: number): Promise<void> {
  await db
    .update(outbox)
    .set({ lastError: error, nextAttemptAt: sql`now() + ${delayMs} * interval '1 millisecond'` })
    .where(eq(outbox.id, id));
}

export async function markFailed(db: DbOrTx, id: string, error: string): Promise<void> {
  await db.update(outbox).set({ status: 'failed', lastError: error }).where(eq(outbox.id, id));
}

/** The newest messages first, for the admin's sent-mail page. */
export function listRecent(db: DbOrTx, limit: number): Promise<OutboxRow[]> {
  return db.select().from(outbox).orderBy(sql`${outbox.createdAt} desc`, asc(outbox.id)).limit(limit);
}
