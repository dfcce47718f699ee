import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites, outbox, profileParents } from '../../db/schema';
import { createFamily, createUser, type Family, type UserRow } from '../../db/seed/builders';
import { createMailTransport, drainOutbox, mailFrom, type MailTransport } from '../../integrations/email';
import { createTestApp, type TestContext } from '../../test/app';
import { countRows } from '../../test/security/fixtures';
import { decodeQuotedPrintable, startSmtpServer, type Received } from '../../test/smtp';

const PUBLIC_URL = 'https://plask.example.no';

describe('invites', () => {
  let ctx: TestContext;
  let smtp: SMTPServer;
  let transport: MailTransport;
  let base: string;
  const received: Received[] = [];
  let admin: UserRow;
  let stranger: Family;

  /** Real HTTP to the listening app. */
  async function http(user: { id: string } | null, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = {};
    if (user) headers.authorization = `Bearer ${(await ctx.app.sessions.issue(user.id)).token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies loosely
    return { status: res.status, json: json as any, text };
  }

  beforeAll(async () => {
    const started = await startSmtpServer(received);
    smtp = started.server;
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${started.port}`, PUBLIC_URL, INVITE_RATE_LIMIT: '4' });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    transport = createMailTransport(ctx.app.env)!;
    admin = await createUser(ctx.database.db, { roles: ['parent', 'admin'] });
    stranger = await createFamily(ctx.database.db, { children: 1 });
  });
  afterAll(async () => {
    transport?.close?.();
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('runs the lifecycle over HTTP: invite, e-mail over SMTP, the link, accept, see and book the children', async () => {
    const db = ctx.database.db;
    const family = await createFamily(db, { children: [{ firstName: 'Mille' }, { firstName: 'Oskar' }], lastName: 'Holm' });
    const owner = family.guardians[0]!;
    const invitee = await createUser(db, { firstName: 'Per', lastName: 'Holm', email: 'Per.Holm@Example.no' });

    // Before: the invitee has nothing to do with the family.
    expect((await http(invitee, 'GET', `/api/profiles/${family.profile.id}`)).status).toBe(403);

    const sent = await http(owner, 'POST', '/api/invites', { profileId: family.profile.id, email: ' per.holm@example.no ' });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ profile: { _id: family.profile.id }, email: 'per.holm@example.no', status: 'pending', inviter: { firstName: owner.firstName } });

    const drained = await drainOutbox(db, transport, { batch: 10, from: mailFrom(ctx.app.env) });
    expect(drained).toMatchObject({ sent: 1, failed: 0 });
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(['per.holm@example.no']);
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toContain(`${owner.firstName} ${owner.lastName}`);
    expect(text).toContain('Mille og Oskar');
    const link = /https:\/\/plask\.example\.no\/profil\?invitasjon=([0-9a-f]{24})/.exec(text);
    expect(link?.[1]).toBe(sent.json._id);

    // The owner sees it waiting; the invitee finds it among their pending invites.
    const ofProfile = await http(owner, 'GET', `/api/invites/profile/${family.profile.id}`);
    expect(ofProfile.json.map((i: { _id: string; status: string }) => [i._id, i.status])).toEqual([[sent.json._id, 'pending']]);
    const pending = await http(invitee, 'GET', `/api/invites/user/${invitee.id}/pending`);
    expect(pending.status).toBe(200);
    expect(pending.json).toHaveLength(1);
    expect(pending.json[0].profile.children.map((c: { firstName: string }) => c.firstName).sort()).toEqual(['Mille', 'Oskar']);

    // Not bookable before accepting …
    const bookBefore = await http(invitee, 'POST', '/api/vipps/payment', { userId: invitee.id, childId: family.children[0]!.id, courseId: '0123456789abcdef01234567' });
    expect(bookBefore.status).toBe(404);
    expect(bookBefore.json.error.message).toBe('Child not found');

    const accepted = await http(invitee, 'PATCH', `/api/invites/${link![1]}`, { status: 'accepted' });
    expect(accepted.status).toBe(200);
    expect(accepted.json.status).toBe('accepted');
    expect((await http(invitee, 'PATCH', `/api/invites/${link![1]}`, { status: 'rejected' })).status).toBe(409);

    // … and after: the invitee is the second guardian, sees the children and may book for them.
    const profile = await http(invitee, 'GET', `/api/profiles/${family.profile.id}`);
    expect(profile.status).toBe(200);
    expect(profile.json.parents.map((p: { _id: string }) => p._id)).toEqual([owner.id, invitee.id]);
    expect(profile.json.children.map((c: { _id: string }) => c._id).sort()).toEqual(family.children.map((c) => c.id).sort());
    const me = await http(invitee, 'GET', '/api/users/me');
    expect(me.json.profileIds).toContain(family.profile.id);
    const bookAfter = await http(invitee, 'POST', '/api/vipps/payment', { userId: invitee.id, childId: family.children[0]!.id, courseId: '0123456789abcdef01234567' });
    // (The child passes the guardian check now; the made-up course is what is missing.)
    expect(bookAfter.status).toBe(404);
    expect(bookAfter.json.error.message).toBe('Course not found');
    expect((await http(invitee, 'GET', `/api/invites/user/${invitee.id}/pending`)).json).toEqual([]);
    expect((await http(owner, 'GET', `/api/invites/profile/${family.profile.id}`)).json[0].status).toBe('accepted');
  });

  it('warns about an address already invited (or already a guardian), and checks the address', async () => {
    const family = await createFamily(ctx.database.db, { guardians: [{ email: 'eier@example.no' }] });
    const owner = family.guardians[0]!;
    const post = (email: string) => http(owner, 'POST', '/api/invites', { profileId: family.profile.id, email });
    expect((await post('ny@example.no')).status).toBe(201);
    const again = await post('NY@example.no');
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'ALREADY_INVITED', message: expect.stringContaining('already invited') });
    expect((await post('eier@example.no')).json.error.code).toBe('ALREADY_INVITED');
    const empty = await post('');
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Vennligst skriv inn en e-postadresse.');
    const bad = await post('ikke-en-adresse');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Vennligst skriv inn en gyldig e-postadresse.');
    expect(await ctx.database.db.select().from(invites).where(eq(invites.profileId, family.profile.id))).toHaveLength(1);
  });

  it('lets a rejected invite go, and the owner delete only pending ones', async () => {
    const family = await createFamily(ctx.database.db);
    const owner = family.guardians[0]!;
    const invitee = await createUser(ctx.database.db, { email: 'kanskje@example.no' });
    const a = (await http(owner, 'POST', '/api/invites', { profileId: family.profile.id, email: 'kanskje@example.no' })).json;
    expect((await http(invitee, 'PATCH', `/api/invites/${a._id}`, { status: 'rejected' })).json.status).toBe('rejected');
    expect(await ctx.database.db.select().from(profileParents).where(eq(profileParents.profileId, family.profile.id))).toHaveLength(1);
    expect((await http(owner, 'DELETE', `/api/invites/${a._id}`)).status).toBe(409);
    const b = (await http(owner, 'POST', '/api/invites', { profileId: family.profile.id, email: 'kanskje@example.no' })).json;
    expect((await http(owner, 'DELETE', `/api/invites/${b._id}`)).json).toEqual({ ok: true });
    expect((await http(invitee, 'PATCH', `/api/invites/${b._id}`, { status: 'accepted' })).status).toBe(404);
  });

  it('refuses other parents, non-owner guardians and strangers everywhere, with nothing changed', async () => {
    const db = ctx.database.db;
    const family = await createFamily(db, { guardians: 2 });
    const [owner, second] = family.guardians as [UserRow, UserRow];
    const intruder = stranger.guardians[0]!;
    const invitee = await createUser(db, { email: 'invitert@example.no' });
    const invite = (await http(owner, 'POST', '/api/invites', { profileId: family.profile.id, email: 'invitert@example.no' })).json;

    const before = await countRows(db);
    const invitesBefore = await db.select().from(invites).orderBy(invites.id);
    const tries: [{ id: string } | null, string, string, unknown, number[]][] = [
      [intruder, 'POST', '/api/invites', { profileId: family.profile.id, email: 'x@example.no' }, [403, 404]],
      [second, 'POST', '/api/invites', { profileId: family.profile.id, email: 'x@example.no' }, [403]],
      [intruder, 'GET', `/api/invites/profile/${family.profile.id}`, undefined, [403, 404]],
      [intruder, 'GET', `/api/invites/user/${invitee.id}/pending`, undefined, [403, 404]],
      [intruder, 'PATCH', `/api/invites/${invite._id}`, { status: 'accepted' }, [403, 404]],
      [owner, 'PATCH', `/api/invites/${invite._id}`, { status: 'accepted' }, [403, 404]],
      [admin, 'PATCH', `/api/invites/${invite._id}`, { status: 'accepted' }, [403, 404]],
      [intruder, 'DELETE', `/api/invites/${invite._id}`, undefined, [403, 404]],
      [second, 'DELETE', `/api/invites/${invite._id}`, undefined, [403]],
      [invitee, 'DELETE', `/api/invites/${invite._id}`, undefined, [403, 404]],
      [null, 'GET', `/api/invites/profile/${family.profile.id}`, undefined, [401]],
      [intruder, 'GET', '/api/invites/profile/0123456789abcdef01234567', undefined, [404]],
      [intruder, 'PATCH', '/api/invites/0123456789abcdef01234567', { status: 'accepted' }, [404]],
      [intruder, 'PATCH', `/api/invites/${invite._id}`, { status: 'pending' }, [400]],
    ];
    const problems: string[] = [];
    for (const [user, method, path, body, allowed] of tries) {
      const res = await http(user, method, path, body);
      if (!allowed.includes(res.status)) problems.push(`${method} ${path}: ${res.status} ${res.text.slice(0, 100)}`);
      if (res.text.includes('invitert@example.no') && user !== invitee) problems.push(`${method} ${path} leaked the address`);
    }
    expect(problems).toEqual([]);
    expect(await countRows(db)).toEqual(before);
    expect(await db.select().from(invites).orderBy(invites.id)).toEqual(invitesBefore);
    // The second guardian sees the invites (read), and an admin may invite to any profile.
    expect((await http(second, 'GET', `/api/invites/profile/${family.profile.id}`)).status).toBe(200);
    expect((await http(admin, 'POST', '/api/invites', { profileId: family.profile.id, email: 'fra-admin@example.no' })).status).toBe(201);
  });

  it('limits invites per user: 429 after the limit, with nothing sent', async () => {
    const family = await createFamily(ctx.database.db);
    const owner = family.guardians[0]!;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await http(owner, 'POST', '/api/invites', { profileId: family.profile.id, email: `nr${i}@example.no` })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    const limited = await http(owner, 'POST', '/api/invites', { profileId: family.profile.id, email: 'nr9@example.no' });
    expect(limited.json.error.code).toBe('RATE_LIMITED');
    const rows = await ctx.database.db.select().from(outbox).where(eq(outbox.to, 'nr4@example.no'));
    expect(rows).toHaveLength(0);
    // Another user has their own allowance.
    expect((await http(admin, 'POST', '/api/invites', { profileId: family.profile.id, email: 'nr4@example.no' })).status).toBe(201);
  });
});
