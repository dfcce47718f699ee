import type { DbOrTx } from '../../db/client';
import { insertOutbox } from '../../repos/outbox.repo';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** UTF-8 text (e.g. an iCalendar file), or base64 when `encoding` says so (a PDF receipt). */
  content: string;
  encoding?: 'base64';
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
}

/**
 * Queues an e-mail. Pass the transaction of the change that causes it, so the message exists exactly when the
 * change commits; the outbox worker sends it later (drain.ts).
 */
export function enqueueEmail(tx: DbOrTx, email: OutgoingEmail): Promise<string> {
  const to = email.to.trim();
  if (!to) throw new Error('enqueueEmail: empty recipient');
  return insertOutbox(tx, {
    to,
    // Header values never carry line breaks (header injection).
    subject: email.subject.replace(/[\r\n]+/g, ' ').trim(),
    text: email.text,
    html: email.html ?? null,
    attachments: email.attachments ?? [],
  });
}
