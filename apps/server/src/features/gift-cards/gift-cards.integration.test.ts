import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normalizeGiftCardCode, osloDateKey, osloTime, ore } from '@app/shared';
import { familyCredits, giftCards, orders, outbox } from '../../db/schema';
import { hashGiftCardCode } from '../../domain/family-ledger/gift-cards';
import { forgetUnpaidCodes } from '../../repos/gift-cards.repo';
import { createCourse, createFamily, createUser } from '../../test/builders';
import { submitLandingPage } from '../../test/epayment';
import { startBookingTest, type BookingTest } from '../../test/booking';
import { bookkeeping } from '../orders/bookkeeping.service';
import { reconcile } from '../orders/reconciliation.service';

/** Gift cards (decision 059): bought by a visitor with Vipps, shown once, redeemed as family credit, spent on bookings. */
const clock = { current: new Date(), now() { return this.current; } };
let t: BookingTest;
beforeAll(async () => {
  t = await startBookingTest({ clock });
});
afterAll(() => t?.close());
beforeEach(() => {
  clock.current = new Date();
});

const DAY = 86_400_000;
const DATES = [1, 8, 15, 22].map((d) => osloTime(2027, 3, d, '17:00'));
const purchase = { amount: 1000, email: 'mormor@example.no', giverName: 'Mormor Åse', message: 'God jul! 🎄 Kos dere i bassenget.' };

/** A visitor buys a card and approves it in the simulator: the code the browser got, and the card's order. */
async function buyGiftCard(body: object = purchase) {
  const res = await t.http('POST', '/api/gift-cards', { body });
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const { code, reference, redirectUrl } = res.json as { code: string; reference: string; redirectUrl: string };
  expect(await submitLandingPage(redirectUrl, 'Betal')).toBe(`${t.url}/gavekort/betaling/${reference}`);
  await t.sim.control.webhooksIdle();
  const [order] = await t.db.select().from(orders).where(eq(orders.reference, reference));
  return { code, reference, order: order! };
}

const redeem = async (token: string, profileId: string, code: string) => t.http('POST', `/api/profiles/${profileId}/gift-cards`, { token, body: { code } });

async function parent() {
  const family = await createFamily(t.db);
  return { family, token: await t.token(family.guardians[0]!.id) };
}

describe('buying a gift card', () => {
  it('is paid and captured like a course order; the return page shows it with the code; the e-mail carries the code only in its PDF', async () => {
    const { code, reference, order } = await buyGiftCard();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(order).toMatchObject({ status: 'captured', amountOre: 100_000, creditOre: 0, courseId: null, childId: null, profileId: null });
    expect(t.sim.control.payment(reference)?.aggregate.capturedAmount.value).toBe(100_000);

    const [card] = await t.db.select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(card!.codeHash).toBe(hashGiftCardCode(code));
    expect(card!.pendingCode).toBeNull();
    expect(card!.expiresAt!.getTime() - card!.issuedAt!.getTime()).toBeGreaterThan(3 * 365 * DAY);
    expect(card!.expiresAt!.getTime() - card!.issuedAt!.getTime()).toBeLessThan(3 * 366 * DAY + DAY);

    const status = await t.http('POST', '/api/gift-cards/status', { body: { reference, code } });
    expect(status.json).toEqual({ status: 'paid', amount: 1000, expiresAt: card!.expiresAt!.toISOString() });
    // Only the browser that holds the code can ask.
    expect((await t.http('POST', '/api/gift-cards/status', { body: { reference, code: 'AAAA-BBBB-CCCC' } })).status).toBe(404);

    const mails = await t.db.select().from(outbox).where(eq(outbox.to, purchase.email));
    const cardMail = mails.find((m) => m.subject.startsWith('Gavekort'))!;
    expect(mails.map((m) => m.subject).sort()).toEqual([`Gavekort fra ${t.ctx.env.site.companyName}`, `Kvittering for betaling ${order.humanReference}`]);
    const raw = normalizeGiftCardCode(code);
    for (const mail of mails) expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toContain(raw);
    const [pdf] = cardMail.attachments as { filename: string; content: string }[];
    const doc = await PDFDocument.load(Buffer.from(pdf!.content, 'base64'));
    expect(doc.getTitle()).toBe(`Gavekort fra ${t.ctx.env.site.companyName}`);
    expect(Buffer.from(pdf!.content, 'base64').length).toBeGreaterThan(1000);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = (await t.db.select().from(giftCards)).length;
    for (const bad of [
      { ...purchase, amount: 299 },
      { ...purchase, amount: 10_001 },
      { ...purchase, amount: -500 },
      { ...purchase, amount: 500.5 },
      { ...purchase, email: 'ikke-en-adresse' },
      { ...purchase, giverName: ' ' },
      { ...purchase, message: 'x'.repeat(501) },
    ]) {
      const res = await t.http('POST', '/api/gift-cards', { body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.db.select().from(giftCards)).length).toBe(before);
  });

  it('an aborted payment issues no card: its code opens nothing', async () => {
    const res = await t.http('POST', '/api/gift-cards', { body: purchase });
    const { code, reference, redirectUrl } = res.json as { code: string; reference: string; redirectUrl: string };
    await submitLandingPage(redirectUrl, 'Avbryt');
    await t.sim.control.webhooksIdle();
    expect((await t.http('POST', '/api/gift-cards/status', { body: { reference, code } })).json).toMatchObject({ status: 'failed' });
    const { family, token } = await parent();
    const answer = await redeem(token, family.profile.id, code);
    expect(answer.status).toBe(404);
    expect(answer.json.error.code).toBe('GIFT_CARD_INVALID');
    // The dead order's code is forgotten by the job: only the hash stays.
    const [order] = await t.db.select().from(orders).where(eq(orders.reference, reference));
    const cardOf = async () => (await t.db.select().from(giftCards).where(eq(giftCards.orderId, order!.id)))[0]!;
    expect((await cardOf()).pendingCode).not.toBeNull();
    expect(await forgetUnpaidCodes(t.db)).toBeGreaterThanOrEqual(1);
    expect((await cardOf()).pendingCode).toBeNull();
  });
});

describe('redeeming a gift card', () => {
  it('becomes family credit with the card expiry, spent across two bookings; a second use is refused', async () => {
    const { code, order } = await buyGiftCard();
    const { family, token } = await parent();
    const res = await redeem(token, family.profile.id, code.toLowerCase().replace(/-/g, ' '));
    expect(res.status, res.text).toBe(200);
    const [card] = await t.db.select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(res.json).toEqual({ amount: 1000, expiresAt: card!.expiresAt!.toISOString() });
    expect(card).toMatchObject({ redeemedBy: family.profile.id });
    const [credit] = await t.db.select().from(familyCredits).where(eq(familyCredits.profileId, family.profile.id));
    expect(credit).toMatchObject({ amountOre: 100_000, orderId: order.id, expiresAt: card!.expiresAt });

    // Used: the same family, and another, hear so.
    const again = await redeem(token, family.profile.id, code);
    expect([again.status, again.json.error.code]).toEqual([409, 'GIFT_CARD_USED']);
    const other = await parent();
    expect((await redeem(other.token, other.family.profile.id, code)).json.error.code).toBe('GIFT_CARD_USED');
    expect((await t.db.select().from(familyCredits).where(eq(familyCredits.profileId, other.family.profile.id)))).toEqual([]);

    // First booking (600 kr): paid by the credit alone. Second (800 kr): 400 kr credit, 400 kr with Vipps.
    const course = (priceOre: number) => createCourse(t.db, { priceOre: ore(priceOre), maximumParticipants: 4, dates: DATES, ageMinMonths: null, ageMaxMonths: null });
    const first = await t.http('POST', '/api/vipps/payment', { token, body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId: (await course(60_000)).id } });
    expect(first.status, first.text).toBe(200);
    const second = await t.http('POST', '/api/vipps/payment', { token, body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId: (await course(80_000)).id } });
    expect(second.status, second.text).toBe(200);
    await submitLandingPage(second.json.redirectUrl, 'Betal');
    await t.sim.control.webhooksIdle();
    const booked = await t.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
    expect(booked.map((o) => [o.status, o.creditOre, o.amountOre]).sort()).toEqual([['captured', 40_000, 40_000], ['captured', 60_000, 0]]);
    const credit2 = await t.http('GET', `/api/profiles/${family.profile.id}/credit`, { token });
    expect(credit2.json.balance).toBe(0);
  });

  it('an unknown or expired code is refused with its own message', async () => {
    const { family, token } = await parent();
    const unknown = await redeem(token, family.profile.id, 'AAAA-BBBB-CCCC');
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'GIFT_CARD_INVALID']);
    expect((await redeem(token, family.profile.id, 'not a code')).status).toBe(400);
    const { code, order } = await buyGiftCard();
    await t.db.update(giftCards).set({ expiresAt: new Date(clock.now().getTime() - 1000) }).where(eq(giftCards.orderId, order.id));
    const expired = await redeem(token, family.profile.id, code);
    expect([expired.status, expired.json.error.code]).toEqual([404, 'GIFT_CARD_INVALID']);
  });

  it('another family cannot be credited by a parent who is not its guardian', async () => {
    const { code } = await buyGiftCard();
    const a = await parent();
    const b = await parent();
    expect((await redeem(b.token, a.family.profile.id, code)).status).toBe(404);
    expect((await t.db.select().from(familyCredits).where(eq(familyCredits.profileId, a.family.profile.id)))).toEqual([]);
  });
});

describe('refunding a gift card', () => {
  it('gives the buyer the money back while the card is unredeemed, after which its code opens nothing; a redeemed card is refused', async () => {
    const admin = await t.token((await createUser(t.db, { roles: ['admin', 'parent'] })).id);
    const refund = (orderId: string) =>
      t.http('POST', `/api/payments/${orderId}/refund`, { token: admin, body: { amount: 100_000, removeFromCourse: false, idempotencyKey: `gift-${orderId}` } });
    const { family, token } = await parent();

    const redeemed = await buyGiftCard();
    expect((await redeem(token, family.profile.id, redeemed.code)).status).toBe(200);
    const refused = await refund(redeemed.order.id);
    expect([refused.status, refused.json.error.code]).toEqual([409, 'GIFT_CARD_USED']);
    expect((await t.db.select().from(orders).where(eq(orders.id, redeemed.order.id)))[0]!.status).toBe('captured');

    const unused = await buyGiftCard();
    const refunded = await refund(unused.order.id);
    expect(refunded.status, refunded.text).toBe(200);
    expect((await redeem(token, family.profile.id, unused.code)).json.error.code).toBe('GIFT_CARD_INVALID');
  });
});

describe('the month-end and the reconciliation', () => {
  it('have rows for gift cards sold, redeemed and expired, and the captures match Vipps to the øre', async () => {
    const sold = await buyGiftCard({ ...purchase, amount: 450 });
    const never = await buyGiftCard({ ...purchase, amount: 300 });
    const { family, token } = await parent();
    expect((await redeem(token, family.profile.id, sold.code)).status).toBe(200);
    const today = osloDateKey(new Date());
    const rowsOf = (data: Awaited<ReturnType<typeof bookkeeping>>, orderId: string) => data.rows.filter((r) => r.orderId === orderId).map((r) => [r.kind, r.amountOre, r.course]);

    const now = await bookkeeping(t.ctx, { from: today, to: today });
    expect(rowsOf(now, sold.order.id).sort()).toEqual([['gift-card-redeemed', 45_000, 'Gavekort'], ['gift-card-sold', 45_000, 'Gavekort']]);
    expect(rowsOf(now, never.order.id)).toEqual([['gift-card-sold', 30_000, 'Gavekort']]);
    expect(now.perCourse.find((c) => c.course === 'Gavekort')!.amountOre).toBeGreaterThanOrEqual(75_000);

    const [card] = await t.db.select().from(giftCards).where(eq(giftCards.orderId, never.order.id));
    const expiryDay = osloDateKey(card!.expiresAt!);
    // Before its expiry the entry does not count; after it, the month-end has its row.
    expect(rowsOf(await bookkeeping(t.ctx, { from: expiryDay, to: expiryDay }), never.order.id)).toEqual([]);
    clock.current = new Date(card!.expiresAt!.getTime() + DAY);
    expect(rowsOf(await bookkeeping(t.ctx, { from: expiryDay, to: expiryDay }), never.order.id)).toEqual([['gift-card-expired', -30_000, 'Gavekort']]);

    const check = await reconcile(t.ctx, { from: today, to: today });
    expect(check.differences.filter((d) => d.orderId === sold.order.id || d.orderId === never.order.id)).toEqual([]);
  });
});
