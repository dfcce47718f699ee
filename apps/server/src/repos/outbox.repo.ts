/** The `outbox` table: e-mail waiting to be sent. Only this repo queries it. */
import { and, asc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { OUTBOX_KEEP_DAYS } from '@app/shared';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = typeof outbox.$inferInsert;

export async function insertOutbox(db: DbOrTx, row: NewOutboxRow): Promise<string> {
  const [inserted] = await db.insert(outbox).values(row).returning({ id: outbox.id });
  return inserted!.id;
}

/** Up to `batch` due messages, row-locked; rows another worker holds are skipped (SKIP LOCKED). */
const dueIds = (db: DbOrTx, batch: number) =>
  db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(batch)
    .for('update', { skipLocked: true });

/**
 * Claims up to `batch` due messages: SKIP LOCKED keeps instances apart, and the lease (next_attempt_at ahead, attempts
 * + 1) keeps the claim after commit, so a worker that dies mid-send leaves it for a retry when the lease runs out.
 */
export function claimDue(db: DbOrTx, batch: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = dueIds(db, batch);
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
  const due = dueIds(db, batch);
  const rows = await db
    .update(outbox)
    .set({ status: 'kept' })
    .where(inArray(outbox.id, due))
    .returning({ id: outbox.id });
  return rows.length;
}

/** A message that has left (or will never leave) keeps no body: no secret link or personal text stays (probe M3). */
const noBody = { text: '', html: null, attachments: [] };

export async function markSent(db: DbOrTx, id: string): Promise<void> {
  await db.update(outbox).set({ status: 'sent', sentAt: sql`now()`, lastError: null, ...noBody }).where(eq(outbox.id, id));
}

export async function markRetry(db: DbOrTx, id: string, error: string, delayMs: number): Promise<void> {
  await db
    .update(outbox)
    .set({ lastError: error, nextAttemptAt: sql`now() + ${delayMs} * interval '1 millisecond'` })
    .where(eq(outbox.id, id));
}

export async function markFailed(db: DbOrTx, id: string, error: string): Promise<void> {
  await db.update(outbox).set({ status: 'failed', lastError: error, ...noBody }).where(eq(outbox.id, id));
}

/** Every message that is not waiting to be sent, queued OUTBOX_KEEP_DAYS before `now`: sent, given up on, or kept. */
export async function purgeOldMessages(db: DbOrTx, now: Date): Promise<number> {
  const before = new Date(now.getTime() - OUTBOX_KEEP_DAYS * 86_400_000);
  const rows = await db
    .delete(outbox)
    .where(and(ne(outbox.status, 'pending'), lt(outbox.createdAt, before)))
    .returning({ id: outbox.id });
  return rows.length;
}

/** The e-mails to a person whose account is deleted: they leave with the account (the address compared as written). */
export async function deleteMessagesTo(db: DbOrTx, email: string): Promise<void> {
  await db.delete(outbox).where(eq(sql`lower(${outbox.to})`, email.trim().toLowerCase()));
}

/** The newest messages first, for the admin's sent-mail page. */
export function listRecent(db: DbOrTx, limit: number): Promise<OutboxRow[]> {
  return db.select().from(outbox).orderBy(sql`${outbox.createdAt} desc`, asc(outbox.id)).limit(limit);
}
