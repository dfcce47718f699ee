import { osloDateKey, osloTime } from '@app/shared';
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
  /** Not sent before this time (quietHoursStart: no reminders at night). Default: as soon as the worker runs. */
  notBefore?: Date;
}

/** Queues an e-mail in the transaction of the change that causes it; drain.ts sends it later. */
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
    ...(email.notBefore ? { nextAttemptAt: email.notBefore } : {}),
  });
}

/** No e-mail at night: `now` between 07:00 and 21:00 Oslo time, else the next 07:00. */
export function daytimeSendAt(now: Date): Date {
  const key = osloDateKey(now);
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const opens = osloTime(y, m, d, '07:00');
  const closes = osloTime(y, m, d, '21:00');
  if (now < opens) return opens;
  if (now < closes) return now;
  return osloTime(y, m, d + 1, '07:00');
}
