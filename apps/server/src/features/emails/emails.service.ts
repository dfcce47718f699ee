import type { OutboxList } from '@app/shared';
import type { ServiceContext } from '../../context';
import * as outbox from '../../repos/outbox.repo';

/** What the site sent (or kept, without SMTP), newest first; the body only of a message kept in test mode. */
export async function listOutbox(ctx: ServiceContext, limit: number): Promise<OutboxList> {
  const rows = await outbox.listRecent(ctx.db, limit);
  return rows.map((row) => ({
    _id: row.id,
    to: row.to,
    subject: row.subject,
    // Only test mode keeps bodies (the demo's mailbox); with SMTP a body is never shown, and is gone once sent.
    text: row.status === 'kept' ? row.text : null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    attachments: (row.attachments as { filename?: string }[]).map((a) => ({ filename: String(a.filename ?? '') })),
  }));
}
