import type { Db } from '../../db/client';
import type { EmailAttachment } from './outbox';
import * as repo from '../../repos/outbox.repo';
import type { MailTransport } from './transport';

export interface DrainOptions {
  batch?: number;
  /** The From header; required when a transport is given. */
  from?: string;
  /** After this many failed attempts a message is marked 'failed'. */
  maxAttempts?: number;
  /** How long a claimed message stays reserved for this worker. */
  leaseMs?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min, … capped at one hour. */
export const retryDelayMs = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** Sends due outbox messages; rows are claimed SKIP LOCKED with a lease, and SMTP is never talked to in a transaction. */
export async function drainOutbox(db: Db, transport: MailTransport | null, options: DrainOptions = {}) {
  const batch = options.batch ?? 20;
  const result = { sent: 0, retried: 0, failed: 0, kept: 0 };
  if (!transport) {
    result.kept = await repo.keepDue(db, batch);
    return result;
  }
  if (!options.from) throw new Error('drainOutbox: `from` is required to send');
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const claimed = await repo.claimDue(db, batch, options.leaseMs ?? 5 * 60_000);
  for (const message of claimed) {
    try {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        attachments: (message.attachments as EmailAttachment[]).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          ...(a.encoding ? { encoding: a.encoding } : {}),
        })),
      });
      await repo.markSent(db, message.id);
      result.sent += 1;
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      if (message.attempts >= maxAttempts) {
        await repo.markFailed(db, message.id, reason);
        result.failed += 1;
      } else {
        await repo.markRetry(db, message.id, reason, retryDelayMs(message.attempts));
        result.retried += 1;
      }
    }
  }
  return result;
}
