import { eq, inArray } from 'drizzle-orm';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_KEEP_DAYS, type OutboxList } from '@app/shared';
import { outbox } from '../../db/schema';
import { createUser } from '../../test/builders';
import { createMailTransport, drainOutbox, mailFrom, type MailTransport } from '../../integrations/email';
import { enqueueEmail } from '../../integrations/email/outbox';
import { purgeOldMessages } from '../../repos/outbox.repo';
import { createTestApp, type TestContext } from '../../test/app';
import { startSmtpServer, type Received } from '../../test/smtp';

describe('GET /api/admin/outbox', () => {
  let ctx: TestContext;
  let admin: string;
  let parent: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    admin = (await ctx.app.sessions.issue((await createUser(db, { roles: ['admin'] })).id)).token;
    parent = (await ctx.app.sessions.issue((await createUser(db, { roles: ['parent'] })).id)).token;
    await enqueueEmail(db, {
      to: 'kari@example.no',
      subject: 'Bekreftelse',
      text: 'Takk!',
      attachments: [{ filename: 'kurskalender.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
    });
  });
  afterAll(() => ctx.close());

  it('shows admins the messages with attachment names', async () => {
    const res = await ctx.app.inject({ url: '/api/admin/outbox', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ to: 'kari@example.no', subject: 'Bekreftelse', attachments: [{ filename: 'kurskalender.ics' }] });
  });

  it('is closed to parents and visitors', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/outbox', headers: { authorization: `Bearer ${parent}` } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/outbox' })).statusCode).toBe(401);
  });
});

/**
 * Probe round 3, M3: the outbox keeps no secret link or personal text longer than it must. With SMTP a body is gone
 * once sent, and admins see recipient, subject, time and state only. Without SMTP (test mode) the outbox is the demo's
 * mailbox and keeps bodies. Every message goes after OUTBOX_KEEP_DAYS, and a deleted account takes its messages along.
 */
describe('the outbox keeps no body once sent (probe M3)', () => {
  let ctx: TestContext;
  let smtp: SMTPServer;
  let transport: MailTransport;
  let admin: string;
  const received: Received[] = [];
  beforeAll(async () => {
    const started = await startSmtpServer(received);
    smtp = started.server;
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${started.port}` });
    transport = createMailTransport(ctx.app.env)!;
    admin = (await ctx.app.sessions.issue((await createUser(ctx.database.db, { roles: ['admin'] })).id)).token;
  });
  afterAll(async () => {
    transport?.close?.();
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  const adminOutbox = async () =>
    (await ctx.app.inject({ url: '/api/admin/outbox', headers: { authorization: `Bearer ${admin}` } })).json() as OutboxList;

  it('with SMTP: a sent invite keeps no text, html or attachment, and the admin sees no body', async () => {
    const db = ctx.database.db;
    await enqueueEmail(db, {
      to: 'ny@example.no',
      subject: 'Invitasjon',
      text: 'Åpne lenken: http://localhost/invitasjon#TjMNJtnQqyxQP_b3WYH2UUiLACzrjnOMZgGp76fYmwQ',
      html: '<a href="http://localhost/invitasjon#TjMNJtnQqyxQP_b3WYH2UUiLACzrjnOMZgGp76fYmwQ">Åpne</a>',
      attachments: [{ filename: 'kvittering.pdf', contentType: 'application/pdf', content: 'JVBERi0=', encoding: 'base64' }],
    });
    expect((await adminOutbox())[0]).toMatchObject({ to: 'ny@example.no', status: 'pending', text: null });
    await drainOutbox(db, transport, { from: mailFrom(ctx.app.env) });
    expect(received.at(-1)!.raw).toContain('invitasjon#TjMNJtnQ');
    const [row] = await db.select().from(outbox).where(eq(outbox.to, 'ny@example.no'));
    expect(row).toMatchObject({ status: 'sent', text: '', html: null, attachments: [] });
    const [shown] = await adminOutbox();
    expect(shown).toMatchObject({ to: 'ny@example.no', subject: 'Invitasjon', status: 'sent', text: null, attachments: [] });
    expect(JSON.stringify(await adminOutbox())).not.toContain('TjMNJtnQ');
  });

  it('deletes every message that is not waiting, OUTBOX_KEEP_DAYS after it was queued', async () => {
    const db = ctx.database.db;
    const now = new Date();
    const old = new Date(now.getTime() - (OUTBOX_KEEP_DAYS + 1) * 86_400_000);
    const keptOld = await enqueueEmail(db, { to: 'gammel@example.no', subject: 'Gammel', text: 'x' });
    const pendingOld = await enqueueEmail(db, { to: 'venter@example.no', subject: 'Venter', text: 'y', notBefore: new Date(now.getTime() + 3_600_000) });
    const fresh = await enqueueEmail(db, { to: 'ny2@example.no', subject: 'Ny', text: 'z' });
    await db.update(outbox).set({ createdAt: old }).where(inArray(outbox.id, [keptOld, pendingOld]));
    await db.update(outbox).set({ status: 'kept' }).where(inArray(outbox.id, [keptOld, fresh]));
    expect(await purgeOldMessages(db, now)).toBe(1);
    const left = (await db.select({ id: outbox.id }).from(outbox)).map((r) => r.id);
    expect(left).not.toContain(keptOld);
    expect(left).toEqual(expect.arrayContaining([pendingOld, fresh]));
  });

  it('membership event "account deleted": the person\'s e-mails go with the account', async () => {
    const db = ctx.database.db;
    const person = await createUser(db, { roles: ['parent'], email: 'slettes@example.no' });
    await enqueueEmail(db, { to: 'Slettes@Example.no', subject: 'Kvittering', text: 'Hei Xander!' });
    await enqueueEmail(db, { to: 'annen@example.no', subject: 'Kvittering', text: 'Hei Kari!' });
    const token = (await ctx.app.sessions.issue(person.id)).token;
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${person.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const to = (await db.select({ to: outbox.to }).from(outbox)).map((r) => r.to.toLowerCase());
    expect(to).not.toContain('slettes@example.no');
    expect(to).toContain('annen@example.no');
  });
});
