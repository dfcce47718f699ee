import type { OutboxList } from '@app/shared';
import type { ServiceContext } from '../../context';
import * as outbox from '../../repos/outbox.repo';

/** What the site has sent (or kept, without SMTP), newest first: invites, receipts, contact messages. */
export async function listOutbox(ctx: ServiceContext, limit: number): Promise<OutboxList> {
  const rows = await outbox.listRecent(ctx.db, limit);
  return rows.map((row) => ({
    _id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    attachments: (row.attachments as { filename?: string }[]).map((a) => ({ filename: String(a.filename ?? '') })),
  }));
}
