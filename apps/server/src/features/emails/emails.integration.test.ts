import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/builders';
import { enqueueEmail } from '../../integrations/email/outbox';
import { createTestApp, type TestContext } from '../../test/app';

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
