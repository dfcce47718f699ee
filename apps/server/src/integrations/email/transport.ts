import nodemailer from 'nodemailer';
import type { Env } from '../../env';
import type { OutgoingEmail } from './outbox';

/** What the drain needs from nodemailer; tests may pass a fake. */
export interface MailTransport {
  sendMail(mail: Omit<OutgoingEmail, 'notBefore'> & { from: string }): Promise<unknown>;
  close?(): void;
}

/** SMTP when SMTP_URL is set; otherwise null: messages are kept in the database. */
export function createMailTransport(env: Pick<Env, 'SMTP_URL'>): MailTransport | null {
  return env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null;
}

export function mailFrom(env: Pick<Env, 'MAIL_FROM' | 'site'>): string {
  return env.MAIL_FROM ?? `"${env.site.companyName.replace(/"/g, '')}" <${env.site.contactEmail}>`;
}
