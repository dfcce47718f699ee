import { eq } from 'drizzle-orm';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/app';
import { decodeQuotedPrintable, startSmtpServer, type Received } from '../../test/smtp';
import { createMailTransport, drainOutbox, enqueueEmail, mailFrom, retryDelayMs, type MailTransport } from '.';

describe('e-mail outbox', () => {
  let ctx: TestContext;
  let smtp: SMTPServer;
  let transport: MailTransport;
  const received: Received[] = [];
  const COMPANY = 'post@plask.example.no';

  beforeAll(async () => {
    const started = await startSmtpServer(received);
    smtp = started.server;
    ctx = await createTestApp({ SITE_CONTACT_EMAIL: COMPANY, SMTP_URL: `smtp://127.0.0.1:${started.port}` });
    transport = createMailTransport(ctx.app.env)!;
  });
  afterAll(async () => {
    transport?.close?.();
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers a contact message over SMTP', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ola Testesen', email: 'ola@example.no', message: 'Hello, do you have places on Saturdays?' },
    });
    expect(res.statusCode).toBe(200);

    const result = await drainOutbox(ctx.app.db, transport, { batch: 10, from: mailFrom(ctx.app.env) });
    expect(result).toMatchObject({ sent: 1, failed: 0, retried: 0 });
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual([COMPANY]);
    expect(mail.from).toBe(ctx.app.env.site.contactEmail);
    expect(mail.raw).toMatch(/^Subject: .*Ola Testesen/m);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain('Ola Testesen');
    expect(body).toContain('ola@example.no');
    expect(body).toContain('Hello, do you have places on Saturdays?');

    const [row] = await ctx.app.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row!.sentAt).toBeInstanceOf(Date);

    // Nothing left: a second drain sends nothing more.
    expect(await drainOutbox(ctx.app.db, transport, { from: 'x@example.no' })).toMatchObject({ sent: 0 });
    expect(received).toHaveLength(1);
  });

  it('sends attachments and html', async () => {
    await enqueueEmail(ctx.app.db, {
      to: 'parent@example.no',
      subject: 'Kurskalender\r\nBcc: evil@example.no',
      text: 'Se vedlegg.',
      html: '<p>Se vedlegg.</p>',
      attachments: [{ filename: 'kurs.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR' }],
    });
    await drainOutbox(ctx.app.db, transport, { from: mailFrom(ctx.app.env) });
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(['parent@example.no']);
    expect(mail.raw).toContain('kurs.ics');
    expect(mail.raw).toContain('text/html');
    expect(mail.raw).not.toMatch(/^Bcc:/m);
  });

  it('retries with backoff and gives up after the maximum attempts', async () => {
    const id = await enqueueEmail(ctx.app.db, { to: 'someone@example.no', subject: 'Hei', text: 'Hei' });
    const broken: MailTransport = { sendMail: () => Promise.reject(new Error('550 mailbox unavailable')) };
    const first = await drainOutbox(ctx.app.db, broken, { from: 'a@example.no', maxAttempts: 2 });
    expect(first).toMatchObject({ retried: 1, failed: 0 });
    let [row] = await ctx.app.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: '550 mailbox unavailable' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5_000);

    // Not due yet: nothing happens.
    expect(await drainOutbox(ctx.app.db, broken, { from: 'a@example.no', maxAttempts: 2 })).toMatchObject({ retried: 0, failed: 0 });

    await ctx.app.db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(outbox.id, id));
    const second = await drainOutbox(ctx.app.db, broken, { from: 'a@example.no', maxAttempts: 2 });
    expect(second).toMatchObject({ failed: 1 });
    [row] = await ctx.app.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('backs off exponentially, capped at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });

  it('keeps messages in the database when no SMTP is configured', async () => {
    const id = await enqueueEmail(ctx.app.db, { to: 'kept@example.no', subject: 'Hei', text: 'Hei' });
    const result = await drainOutbox(ctx.app.db, null);
    expect(result.kept).toBe(1);
    const [row] = await ctx.app.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.status).toBe('kept');
  });

  it('never sends one message twice when several workers drain at once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await enqueueEmail(ctx.app.db, { to: `many${i}@example.no`, subject: `n${i}`, text: 'x' }));
    const sentTo: string[] = [];
    const slow: MailTransport = {
      sendMail: async (mail) => {
        await new Promise((r) => setTimeout(r, 5));
        sentTo.push(mail.to);
      },
    };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => drainOutbox(ctx.app.db, slow, { batch: 5, from: 'a@example.no' })),
    );
    let total = results.reduce((n, r) => n + r.sent, 0);
    while (total < 12) {
      const more = await drainOutbox(ctx.app.db, slow, { batch: 5, from: 'a@example.no' });
      if (more.sent === 0) break;
      total += more.sent;
    }
    expect(total).toBe(12);
    expect(new Set(sentTo).size).toBe(12);
    expect(sentTo).toHaveLength(12);
  });
});
