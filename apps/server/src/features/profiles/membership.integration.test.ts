import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { osloTime, ore } from '@app/shared';
import { invites, orderEvents, orders, outbox, participants } from '../../db/schema';
import { createCourse, createFamily, createUser, type Family } from '../../test/builders';
import { submitLandingPage } from '../../test/epayment';
import { bookingTestWithClock } from '../../test/booking';

/**
 * Issue 52 (H1): every event that changes who belongs to a family is followed through every feature that keeps a copy
 * of it. The membership events: a guardian is removed by the owner, an accepted invite is undone, a guardian leaves,
 * a guardian's account is deleted. Each test names its event; the domain issue's membership-event handler keeps them.
 */
const kit = bookingTestWithClock();
const { clock } = kit;

const DATES = [1, 8, 15, 22].map((d) => osloTime(2027, 3, d, '17:00'));
const WEDNESDAYS = [3, 10, 17, 24].map((d) => osloTime(2027, 3, d, '10:00'));

interface Seam {
  family: Family;
  owner: Family['guardians'][number];
  second: Family['guardians'][number];
  ownerToken: string;
  secondToken: string;
  course: Awaited<ReturnType<typeof createCourse>>;
  makeup: Awaited<ReturnType<typeof createCourse>>;
}

/** Vera owns the family with Viktor; Xander is the second guardian. */
async function family(): Promise<Seam> {
  const fam = await createFamily(kit.t.db, { guardians: 2 });
  const [owner, second] = fam.guardians as [Family['guardians'][number], Family['guardians'][number]];
  const course = await createCourse(kit.t.db, { priceOre: ore(100_000), maximumParticipants: 6, dates: DATES, ageMinMonths: null, ageMaxMonths: null, experienceLevel: 'Nybegynner', name: 'c52 Mandag' });
  const makeup = await createCourse(kit.t.db, { place: course.place, priceOre: ore(80_000), maximumParticipants: 4, dates: WEDNESDAYS, ageMinMonths: null, ageMaxMonths: null, experienceLevel: 'Nybegynner', name: 'c52 Onsdag' });
  return { family: fam, owner, second, ownerToken: await kit.t.token(owner.id), secondToken: await kit.t.token(second.id), course, makeup };
}

/** `buyer` books and pays the family's child on the course, the way a parent does. */
async function buy(s: Seam, buyer: { id: string }, token: string) {
  const res = await kit.t.http('POST', '/api/vipps/payment', { token, body: { userId: buyer.id, childId: s.family.children[0]!.id, courseId: s.course.id } });
  expect(res.status, res.text).toBe(200);
  await submitLandingPage(res.json.redirectUrl, 'Betal');
  await kit.t.sim.control.webhooksIdle();
  const [order] = await kit.t.db.select().from(orders).where(and(eq(orders.childId, s.family.children[0]!.id), eq(orders.courseId, s.course.id)));
  expect(order!.status).toBe('captured');
  return order!;
}

const feedOf = async (s: Seam, token: string) => {
  const res = await kit.t.http('GET', `/api/profiles/${s.family.profile.id}/calendar-feed`, { token });
  expect(res.status, res.text).toBe(200);
  return new URL(res.json.url as string).pathname;
};
const mailsTo = (user: { email: string | null }, subject: string) =>
  kit.t.db.select().from(outbox).where(and(eq(outbox.to, user.email!), like(outbox.subject, `${subject}%`)));
const RENEWED = 'Familiekalenderen har fått ny adresse';

/** The four membership events, each ending with `second` out of the family. */
const EVENTS: Record<string, (s: Seam) => Promise<void>> = {
  'guardian removed': async (s) => {
    const res = await kit.t.http('PATCH', `/api/profiles/${s.family.profile.id}`, { token: s.ownerToken, body: { parents: [s.owner.id] } });
    expect(res.status, res.text).toBe(200);
  },
  'guardian leaves': async (s) => {
    const res = await kit.t.http('PATCH', `/api/profiles/${s.family.profile.id}`, { token: s.secondToken, body: { parents: [s.owner.id] } });
    expect(res.status, res.text).toBe(200);
  },
  'accepted invite undone': async (s) => {
    const [invite] = await kit.t.db
      .insert(invites)
      .values({ profileId: s.family.profile.id, email: s.second.email!, inviterId: s.owner.id, status: 'accepted', acceptedById: s.second.id, answeredAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const res = await kit.t.http('POST', `/api/invites/${invite!.id}/undo`, { token: s.ownerToken });
    expect(res.status, res.text).toBe(200);
  },
  'guardian account deleted': async (s) => {
    const res = await kit.t.http('DELETE', `/api/users/${s.second.id}`, { token: s.secondToken });
    expect(res.status, res.text).toBe(200);
  },
};

describe('the family calendar follows the family', () => {
  it.each(Object.keys(EVENTS))('membership event "%s": the old feed address answers 404 (no-store), the remaining guardian is mailed a link to /profil with the new address', async (event) => {
    const s = await family();
    const old = await feedOf(s, s.secondToken);
    expect((await kit.t.http('GET', old)).status).toBe(200);

    await EVENTS[event]!(s);

    const gone = await kit.t.http('GET', old);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect(gone.headers.get('referrer-policy')).toBe('no-referrer');
    const renewed = await feedOf(s, s.ownerToken);
    expect(renewed).not.toBe(old);
    expect((await kit.t.http('GET', renewed)).status).toBe(200);
    const mails = await mailsTo(s.owner, RENEWED);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${kit.t.url}/profil`);
    expect(mails[0]!.text).not.toContain(renewed);
    expect(await mailsTo(s.second, RENEWED)).toHaveLength(0);
  });

  it('membership event "guardian removed" from a family without a calendar address: nothing to renew, no e-mail', async () => {
    const s = await family();
    await EVENTS['guardian removed']!(s);
    expect(await mailsTo(s.owner, RENEWED)).toHaveLength(0);
  });
});

describe('the waitlist follows the family', () => {
  it.each(Object.keys(EVENTS))('membership event "%s": the child stays on the waitlist, and its offer reaches the remaining guardian, not the one who left', async (event) => {
    const s = await family();
    const full = await createCourse(kit.t.db, { maximumParticipants: 1, full: true, name: 'c52 Full' });
    const joined = await kit.t.http('POST', `/api/courses/${full.id}/waitlist`, { token: s.secondToken, body: { childId: s.family.children[0]!.id } });
    expect(joined.status, joined.text).toBe(201);

    await EVENTS[event]!(s);

    const adminToken = await kit.t.token((await createUser(kit.t.db, { roles: ['parent', 'admin'] })).id);
    const list = await kit.t.http('GET', `/api/courses/${full.id}/waitlist`, { token: adminToken });
    expect(list.json.entries).toHaveLength(1);
    await kit.t.db.delete(participants).where(eq(participants.courseId, full.id));
    const offered = await kit.t.http('POST', `/api/waitlist/${list.json.entries[0]._id}/offer`, { token: adminToken });
    expect(offered.status, offered.text).toBe(200);
    expect(await mailsTo(s.owner, 'Ledig plass')).toHaveLength(1);
    expect(await mailsTo(s.second, 'Ledig plass')).toHaveLength(0);
  });
});

describe('orders are acted on by the current guardians only', () => {
  it('membership event "guardian removed": the former guardian who bought the place gets 404 for preview, cancellation and status, but keeps the receipt', async () => {
    const s = await family();
    const order = await buy(s, s.second, s.secondToken);
    clock.current = osloTime(2027, 2, 1, '12:00');
    expect((await kit.t.http('GET', `/api/orders/${order.id}/cancellation`, { token: s.secondToken })).status).toBe(200);
    const [capture] = await kit.t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.name, 'CAPTURED')));

    await EVENTS['guardian removed']!(s);

    expect((await kit.t.http('GET', `/api/orders/${order.id}/cancellation`, { token: s.secondToken })).status).toBe(404);
    expect((await kit.t.http('POST', `/api/orders/${order.id}/cancellation`, { token: s.secondToken, body: { expectedRefund: 100_000 } })).status).toBe(404);
    const status = await kit.t.http('GET', `/api/vipps/payment/${order.reference}`, { token: s.secondToken });
    expect(status.status).toBe(404);
    expect(status.text).not.toContain(s.family.children[0]!.firstName);
    const receipt = await kit.t.http('GET', `/api/orders/${order.id}/receipts/${capture!.id}`, { token: s.secondToken });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    // The owner still can.
    expect((await kit.t.http('GET', `/api/orders/${order.id}/cancellation`, { token: s.ownerToken })).status).toBe(200);
    expect((await kit.t.http('GET', `/api/vipps/payment/${order.reference}`, { token: s.ownerToken })).status).toBe(200);
  });

  it('a cancellation e-mails every current guardian, not only the one who cancelled', async () => {
    const s = await family();
    const order = await buy(s, s.second, s.secondToken);
    clock.current = osloTime(2027, 2, 1, '12:00');
    const res = await kit.t.http('POST', `/api/orders/${order.id}/cancellation`, { token: s.ownerToken, body: { expectedRefund: 100_000 } });
    expect(res.status, res.text).toBe(200);
    expect(await mailsTo(s.owner, 'Avmelding og refusjon')).toHaveLength(1);
    expect(await mailsTo(s.second, 'Avmelding og refusjon')).toHaveLength(1);
  });
});

describe('the /endring links follow the family', () => {
  const secretOf = (text: string) => /\/endring#([A-Za-z0-9_-]{43})/.exec(text)![1]!;
  // A cancelled date, announced at once ('Send e-post nå', issue 53): the choices and e-mails exist when it returns.
  const cancelDate = async (courseId: string, date: Date) => {
    const res = await kit.t.http('POST', `/api/courses/${courseId}/cancelled-dates`, { token: kit.adminToken, body: { date: date.toISOString(), reason: 'Svømmestevne' } });
    for (const c of ((res.json as { cancelled?: { _id: string }[] } | undefined)?.cancelled ?? [])) await kit.t.http('POST', `/api/cancelled-dates/${c._id}/announce`, { token: kit.adminToken });
    return res;
  };

  it('membership event "guardian removed": the removed guardian’s /endring link answers 404; the remaining guardian gets a new link that works', async () => {
    const s = await family();
    await buy(s, s.owner, s.ownerToken);
    expect((await cancelDate(s.course.id, DATES[0]!)).status).toBe(200);
    const [mailToSecond] = await mailsTo(s.second, 'Avlyst:');
    const old = secretOf(mailToSecond!.text);
    expect((await kit.t.http('POST', '/api/changes/open', { body: { secret: old } })).status).toBe(200);

    await EVENTS['guardian removed']!(s);

    const opened = await kit.t.http('POST', '/api/changes/open', { body: { secret: old } });
    expect(opened.status).toBe(404);
    expect(opened.text).not.toContain(s.family.children[0]!.firstName);
    expect((await kit.t.http('POST', '/api/changes/choose', { body: { secret: old, choice: 'credit' } })).status).toBe(404);
    // By id, from /profil: not theirs any more either.
    const [notice] = (await kit.t.http('GET', '/api/changes/mine', { token: s.ownerToken })).json;
    expect([403, 404]).toContain((await kit.t.http('POST', `/api/changes/${notice._id}/choose`, { token: s.secondToken, body: { choice: 'credit' } })).status);

    const renewed = (await mailsTo(s.owner, 'Nye lenker for avlyste timer')).at(-1);
    expect(renewed, 'the remaining guardian is sent the new link').toBeDefined();
    const fresh = secretOf(renewed!.text);
    expect(fresh).not.toBe(old);
    expect((await kit.t.http('POST', '/api/changes/open', { body: { secret: fresh } })).status).toBe(200);
    const chosen = await kit.t.http('POST', '/api/changes/choose', { body: { secret: fresh, choice: 'credit' } });
    expect(chosen.status, chosen.text).toBe(200);
  });

  it('an /endring link is no longer valid once the choice is made, or once the deadline has passed (404, nothing told)', async () => {
    const s = await family();
    await buy(s, s.owner, s.ownerToken);
    expect((await cancelDate(s.course.id, DATES[0]!)).status).toBe(200);
    const secret = secretOf((await mailsTo(s.owner, 'Avlyst:'))[0]!.text);
    const chosen = await kit.t.http('POST', '/api/changes/choose', { body: { secret, choice: 'credit' } });
    expect(chosen.status, chosen.text).toBe(200);
    const after = await kit.t.http('POST', '/api/changes/open', { body: { secret } });
    expect(after.status).toBe(404);
    expect(after.text).not.toContain(s.family.children[0]!.firstName);
    expect((await kit.t.http('POST', '/api/changes/choose', { body: { secret, choice: 'credit' } })).status).toBe(404);

    expect((await cancelDate(s.course.id, DATES[1]!)).status).toBe(200);
    const second = secretOf((await mailsTo(s.owner, 'Avlyst:')).find((m) => !m.text.includes(secret))!.text);
    clock.current = new Date(Date.now() + 8 * 86_400_000);
    const late = await kit.t.http('POST', '/api/changes/open', { body: { secret: second } });
    expect(late.status).toBe(404);
    expect(late.text).not.toContain(s.family.children[0]!.firstName);
  });
});
