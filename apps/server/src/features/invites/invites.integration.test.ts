import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites, outbox, profileParents } from '../../db/schema';
import { movableClock } from '../../test/clock';
import { createFamily, createUser, type Family, type UserRow } from '../../test/builders';
import { createMailTransport, drainOutbox, mailFrom, type MailTransport } from '../../integrations/email';
import { createTestApp, type TestContext } from '../../test/app';
import { countRows } from '../../test/security/fixtures';
import { decodeQuotedPrintable, startSmtpServer, type Received } from '../../test/smtp';

const PUBLIC_URL = 'https://plask.example.no';
const DAY = 86_400_000;
const LINK = /https:\/\/plask\.example\.no\/invitasjon#([A-Za-z0-9_-]{43})/;

describe('invites', () => {
  let ctx: TestContext;
  let smtp: SMTPServer;
  let transport: MailTransport;
  let base: string;
  const received: Received[] = [];
  let admin: UserRow;
  let stranger: Family;
  const clock = movableClock(Date.now());

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

  /** The secret of the newest invite e-mail to `to`, after sending what the outbox holds. */
  async function secretMailedTo(to: string): Promise<{ secret: string; text: string }> {
    await drainOutbox(ctx.database.db, transport, { batch: 50, from: mailFrom(ctx.app.env) });
    const mail = received.filter((m) => m.to.includes(to)).at(-1);
    expect(mail, `an e-mail to ${to}`).toBeDefined();
    const text = decodeQuotedPrintable(mail!.raw);
    const secret = LINK.exec(text)?.[1];
    expect(secret, text).toBeDefined();
    return { secret: secret!, text };
  }

  async function invite(owner: { id: string }, profileId: string, email: string) {
    const sent = await http(owner, 'POST', '/api/invites', { profileId, email });
    expect(sent.status, sent.text).toBe(201);
    return { id: sent.json._id as string, ...(await secretMailedTo(email)) };
  }

  beforeAll(async () => {
    const started = await startSmtpServer(received);
    smtp = started.server;
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${started.port}`, PUBLIC_URL, INVITE_RATE_LIMIT: '4', INVITE_RECIPIENT_LIMIT: '3' }, { clock });
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
    const invitee = await createUser(db, { firstName: 'Per', lastName: 'Holm', email: 'Per.Holm@Example.no', emailVerified: true });

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
    const secret = LINK.exec(text)?.[1];
    expect(secret).toBeDefined();
    // Only the secret's hash is stored; the link says when it stops working (14 days).
    const [stored] = await db.select().from(invites).where(eq(invites.id, sent.json._id));
    expect(JSON.stringify(stored)).not.toContain(secret!);
    expect(stored!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(sent.json.expiresAt)).toBe(clock.now().getTime() + 14 * DAY);

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

    // The link's page: who invites, to which children, and that one tap joins.
    const opened = await http(invitee, 'POST', '/api/invites/link', { secret });
    expect(opened.json).toMatchObject({ _id: sent.json._id, status: 'pending', join: 'direct', profileId: null });
    expect([...opened.json.children].sort()).toEqual(['Mille', 'Oskar']);
    // Without the link's secret, the pending list alone does not let anyone in.
    expect((await http(invitee, 'PATCH', `/api/invites/${sent.json._id}`, { status: 'accepted' })).status).toBe(404);
    const accepted = await http(invitee, 'PATCH', `/api/invites/${sent.json._id}`, { status: 'accepted', secret });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toEqual({ _id: sent.json._id, status: 'accepted', profileId: family.profile.id, awaitingOwner: false });
    expect((await http(invitee, 'PATCH', `/api/invites/${sent.json._id}`, { status: 'rejected', secret })).status).toBe(409);

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
    // The owner sees who accepted.
    expect((await http(owner, 'GET', `/api/invites/profile/${family.profile.id}`)).json[0]).toMatchObject({
      status: 'accepted',
      acceptedBy: { firstName: 'Per', lastName: 'Holm' },
    });
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
    const invitee = await createUser(ctx.database.db, { email: 'kanskje@example.no', emailVerified: true });
    const a = (await http(owner, 'POST', '/api/invites', { profileId: family.profile.id, email: 'kanskje@example.no' })).json;
    expect((await http(invitee, 'PATCH', `/api/invites/${a._id}`, { status: 'rejected' })).json.status).toBe('rejected');
    expect(await ctx.database.db.select().from(profileParents).where(eq(profileParents.profileId, family.profile.id))).toHaveLength(1);
    expect((await http(owner, 'DELETE', `/api/invites/${a._id}`)).status).toBe(409);
    const b = (await http(owner, 'POST', '/api/invites', { profileId: family.profile.id, email: 'kanskje@example.no' })).json;
    expect((await http(owner, 'DELETE', `/api/invites/${b._id}`)).json).toEqual({ ok: true });
    expect((await http(invitee, 'PATCH', `/api/invites/${b._id}`, { status: 'rejected' })).status).toBe(404);
  });

  it('refuses other parents, non-owner guardians and strangers everywhere, with nothing changed', async () => {
    const db = ctx.database.db;
    const family = await createFamily(db, { guardians: 2 });
    const [owner, second] = family.guardians as [UserRow, UserRow];
    const intruder = stranger.guardians[0]!;
    const invitee = await createUser(db, { email: 'invitert@example.no', emailVerified: true });
    const sentInvite = await invite(owner, family.profile.id, 'invitert@example.no');

    const before = await countRows(db);
    const invitesBefore = await db.select().from(invites).orderBy(invites.id);
    const tries: [{ id: string } | null, string, string, unknown, number[]][] = [
      [intruder, 'POST', '/api/invites', { profileId: family.profile.id, email: 'x@example.no' }, [403, 404]],
      [second, 'POST', '/api/invites', { profileId: family.profile.id, email: 'x@example.no' }, [403]],
      [intruder, 'GET', `/api/invites/profile/${family.profile.id}`, undefined, [403, 404]],
      [intruder, 'GET', `/api/invites/user/${invitee.id}/pending`, undefined, [403, 404]],
      [intruder, 'PATCH', `/api/invites/${sentInvite.id}`, { status: 'accepted' }, [403, 404]],
      [owner, 'PATCH', `/api/invites/${sentInvite.id}`, { status: 'accepted' }, [403, 404]],
      [admin, 'PATCH', `/api/invites/${sentInvite.id}`, { status: 'accepted' }, [403, 404]],
      [intruder, 'DELETE', `/api/invites/${sentInvite.id}`, undefined, [403, 404]],
      [intruder, 'POST', `/api/invites/${sentInvite.id}/confirm`, undefined, [403, 404]],
      [second, 'POST', `/api/invites/${sentInvite.id}/confirm`, undefined, [403]],
      [invitee, 'POST', `/api/invites/${sentInvite.id}/confirm`, undefined, [403, 404]],
      [intruder, 'POST', `/api/invites/${sentInvite.id}/undo`, undefined, [403, 404]],
      [second, 'POST', `/api/invites/${sentInvite.id}/undo`, undefined, [403]],
      [intruder, 'PATCH', `/api/invites/${sentInvite.id}`, { status: 'rejected' }, [403, 404]],
      [invitee, 'PATCH', `/api/invites/${sentInvite.id}`, { status: 'accepted', secret: 'A'.repeat(43) }, [404]],
      [intruder, 'POST', '/api/invites/link', { secret: 'A'.repeat(43) }, [404]],
      [intruder, 'POST', '/api/invites/link', { secret: 'kort' }, [400]],
      [second, 'DELETE', `/api/invites/${sentInvite.id}`, undefined, [403]],
      [invitee, 'DELETE', `/api/invites/${sentInvite.id}`, undefined, [403, 404]],
      [null, 'GET', `/api/invites/profile/${family.profile.id}`, undefined, [401]],
      [intruder, 'GET', '/api/invites/profile/0123456789abcdef01234567', undefined, [404]],
      [intruder, 'PATCH', '/api/invites/0123456789abcdef01234567', { status: 'accepted' }, [404]],
      [intruder, 'PATCH', `/api/invites/${sentInvite.id}`, { status: 'pending' }, [400]],
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

  // Issue 36 finding 1: a different person whose Vipps account carried the invited address, unverified, saw the
  // invite, accepted it and read the family.
  it('an unverified address cannot see or accept an invite: the link only asks the owner, who confirms or undoes', async () => {
    const db = ctx.database.db;
    const family = await createFamily(db, { children: [{ firstName: 'Tiril' }] });
    const owner = family.guardians[0]!;
    const unverified = await createUser(db, { firstName: 'Mallory', email: 'delt.adresse@example.no', emailVerified: false });
    const sent = await invite(owner, family.profile.id, 'delt.adresse@example.no');

    // Not in their pending list, not in their data export, and no accepting without the link.
    expect((await http(unverified, 'GET', `/api/invites/user/${unverified.id}/pending`)).json).toEqual([]);
    expect((await http(unverified, 'GET', '/api/users/me/data')).json?.invites?.received ?? []).toEqual([]);
    expect((await http(unverified, 'PATCH', `/api/invites/${sent.id}`, { status: 'accepted' })).status).toBe(404);
    expect((await http(unverified, 'PATCH', `/api/invites/${sent.id}`, { status: 'rejected' })).status).toBe(404);

    // With the link: no children's names, and 'Godta' only asks the owner.
    const opened = await http(unverified, 'POST', '/api/invites/link', { secret: sent.secret });
    expect(opened.json).toMatchObject({ join: 'owner', children: [], claimedByYou: false });
    expect(opened.text).not.toContain('Tiril');
    const asked = await http(unverified, 'PATCH', `/api/invites/${sent.id}`, { status: 'accepted', secret: sent.secret });
    expect(asked.json).toEqual({ _id: sent.id, status: 'pending', profileId: null, awaitingOwner: true });
    expect((await http(unverified, 'GET', `/api/profiles/${family.profile.id}`)).status).toBe(403);
    expect((await http(unverified, 'POST', '/api/invites/link', { secret: sent.secret })).json.claimedByYou).toBe(true);
    // The first to ask holds the invite: someone else with the forwarded link cannot take it over.
    const other = await createUser(db, { email: 'annen@example.no' });
    expect((await http(other, 'PATCH', `/api/invites/${sent.id}`, { status: 'accepted', secret: sent.secret })).status).toBe(409);

    // The owner sees who asked, confirms, and the person joins.
    const listed = (await http(owner, 'GET', `/api/invites/profile/${family.profile.id}`)).json[0];
    expect(listed).toMatchObject({ status: 'pending', claimedBy: { firstName: 'Mallory', phone: unverified.phone }, acceptedBy: null });
    const confirmed = await http(owner, 'POST', `/api/invites/${sent.id}/confirm`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json).toMatchObject({ status: 'accepted', acceptedBy: { firstName: 'Mallory' } });
    expect((await http(unverified, 'GET', `/api/profiles/${family.profile.id}`)).status).toBe(200);

    // … and can undo it: the person leaves the family again.
    const undone = await http(owner, 'POST', `/api/invites/${sent.id}/undo`);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.json.status).toBe('revoked');
    expect((await http(unverified, 'GET', `/api/profiles/${family.profile.id}`)).status).toBe(403);
    expect((await db.select().from(profileParents).where(eq(profileParents.profileId, family.profile.id))).map((p) => p.userId)).toEqual([owner.id]);
    expect((await http(owner, 'POST', `/api/invites/${sent.id}/undo`)).status).toBe(409);
  });

  it('an expired or wrong-secret invite is refused', async () => {
    const db = ctx.database.db;
    const family = await createFamily(db);
    const owner = family.guardians[0]!;
    const invitee = await createUser(db, { email: 'sen@example.no', emailVerified: true });
    const sent = await invite(owner, family.profile.id, 'sen@example.no');
    const wrong = `${sent.secret.slice(0, -1)}${sent.secret.endsWith('A') ? 'B' : 'A'}`;
    expect((await http(invitee, 'POST', '/api/invites/link', { secret: wrong })).status).toBe(404);
    expect((await http(invitee, 'PATCH', `/api/invites/${sent.id}`, { status: 'accepted', secret: wrong })).status).toBe(404);

    const start = clock.now();
    try {
      clock.advance(14 * DAY + 1000);
      expect((await http(invitee, 'GET', `/api/invites/user/${invitee.id}/pending`)).json).toEqual([]);
      const link = await http(invitee, 'POST', '/api/invites/link', { secret: sent.secret });
      expect(link.status).toBe(410);
      expect(link.json.error.code).toBe('INVITE_EXPIRED');
      expect((await http(invitee, 'PATCH', `/api/invites/${sent.id}`, { status: 'accepted', secret: sent.secret })).status).toBe(410);
      expect(await db.select().from(profileParents).where(eq(profileParents.profileId, family.profile.id))).toHaveLength(1);
      // An expired invite does not block a new one to the same address.
      const again = await invite(owner, family.profile.id, 'sen@example.no');
      expect((await http(invitee, 'PATCH', `/api/invites/${again.id}`, { status: 'accepted', secret: again.secret })).json.status).toBe('accepted');
    } finally {
      clock.set(start);
    }
  });

  // Issue 52 (L5): Kari renamed herself 'Vinn iPhone på https://evil.example/premie ‮' / 'Kundeservice' and invited a stranger.
  it('L5: the invite e-mail names the inviter by the Vipps-verified name, never an edited one, and no name when none is verified', async () => {
    const db = ctx.database.db;
    const kari = await createFamily(db, { guardians: [{ firstName: 'Kari', lastName: 'Nordmann' }] });
    const owner = kari.guardians[0]!;
    const renamed = await http(owner, 'PATCH', `/api/users/${owner.id}`, { firstName: 'Vinn iPhone på https://evil.example/premie \u202E', lastName: 'Kundeservice' });
    expect(renamed.status, renamed.text).toBe(200);
    const { text } = await invite(owner, kari.profile.id, 'stranger-l5@example.org');
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, 'stranger-l5@example.org'));
    for (const sent of [text, mail!.subject]) {
      expect(sent).toContain('Kari Nordmann');
      expect(sent).not.toMatch(/evil|Vinn|Kundeservice|\u202E/i);
    }

    // Nobody verified by Vipps (an account from before names were kept): the e-mail names nobody.
    const unverified = await createFamily(db, { guardians: [{ firstName: 'Vinn', lastName: 'https://evil.example', vippsFirstName: null, vippsLastName: null }] });
    const plain = await invite(unverified.guardians[0]!, unverified.profile.id, 'stranger-l5b@example.org');
    expect(plain.text).not.toMatch(/evil|Vinn/);
    expect(plain.text).toContain('Du er invitert som foresatt');
  });

  // Issue 36 finding 8: a child named 'Vinn iPhone på https://…' was mailed to any address, 20 an hour.
  it('mails children’s names only to a verified user’s address, and at most INVITE_RECIPIENT_LIMIT invites to one address a day', async () => {
    const db = ctx.database.db;
    const spam = await createFamily(db, { children: [{ firstName: 'Vinn iPhone på https://svindel.example' }] });
    await invite(spam.guardians[0]!, spam.profile.id, 'fremmed@example.no');
    expect((await secretMailedTo('fremmed@example.no')).text).not.toContain('Vinn iPhone');
    await createUser(db, { email: 'uverifisert@example.no', emailVerified: false });
    expect((await invite(spam.guardians[0]!, spam.profile.id, 'uverifisert@example.no')).text).not.toContain('Vinn iPhone');
    await createUser(db, { email: 'kjent@example.no', emailVerified: true });
    expect((await invite(spam.guardians[0]!, spam.profile.id, 'kjent@example.no')).text).toContain('Vinn iPhone');

    // Three invites to one address a day, from any senders; the fourth is refused with nothing written.
    for (let i = 0; i < 2; i++) {
      const family = await createFamily(db);
      expect((await http(family.guardians[0]!, 'POST', '/api/invites', { profileId: family.profile.id, email: 'fremmed@example.no' })).status).toBe(201);
    }
    const last = await createFamily(db);
    const refused = await http(last.guardians[0]!, 'POST', '/api/invites', { profileId: last.profile.id, email: 'Fremmed@example.no' });
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('RATE_LIMITED');
    expect(await db.select().from(invites).where(eq(invites.profileId, last.profile.id))).toEqual([]);
    expect(await db.select().from(outbox).where(eq(outbox.to, 'Fremmed@example.no'))).toEqual([]);
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
