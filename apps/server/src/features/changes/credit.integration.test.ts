import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { osloTime, ore, splitPrice } from '@app/shared';
import { familyCredits, orders, outbox, participants } from '../../db/schema';
import { createCourse, createFamily } from '../../test/builders';
import { submitLandingPage } from '../../test/epayment';
import { startBookingTest, type BookingTest } from '../../test/booking';
import { dateSharesOre, osloDateKey } from '@app/shared';
import { bookkeeping } from '../orders/bookkeeping.service';
import { refundParts } from '../../domain/family-ledger/entries';

/**
 * Family credit at booking (issue 38): credit first, Vipps the rest; a rest below 1 kr is not charged and the order is
 * paid by credit. The webhook's amount check compares with the Vipps part; the ledger names the entry that used it.
 */
let t: BookingTest;
beforeAll(async () => {
  t = await startBookingTest();
});
afterAll(() => t?.close());

const DATES = [1, 8, 15, 22].map((d) => osloTime(2027, 3, d, '17:00'));

async function familyWithCredit(...amounts: number[]) {
  const family = await createFamily(t.db);
  for (const amount of amounts) {
    await t.db.insert(familyCredits).values({ profileId: family.profile.id, amountOre: ore(amount), reason: 'Avlyst 2027-01-04', expiresAt: new Date(Date.now() + 300 * 86_400_000) });
  }
  return { family, token: await t.token(family.guardians[0]!.id) };
}
const start = (family: Awaited<ReturnType<typeof createFamily>>, token: string, courseId: string) =>
  t.http('POST', '/api/vipps/payment', { token, body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId } });
const ledger = (profileId: string) => t.db.select().from(familyCredits).where(eq(familyCredits.profileId, profileId));

describe('splitPrice', () => {
  it('credit first, Vipps the rest; below 1 kr nothing is charged', () => {
    expect(splitPrice(ore(100_001), ore(0))).toEqual({ creditOre: 0, vippsOre: 100_001, paidByCredit: false });
    expect(splitPrice(ore(100_001), ore(50_000))).toEqual({ creditOre: 50_000, vippsOre: 50_001, paidByCredit: false });
    expect(splitPrice(ore(100_001), ore(99_902))).toEqual({ creditOre: 99_902, vippsOre: 0, paidByCredit: true });
    expect(splitPrice(ore(100_001), ore(99_901))).toEqual({ creditOre: 99_901, vippsOre: 100, paidByCredit: false });
    expect(splitPrice(ore(100_001), ore(500_000))).toEqual({ creditOre: 100_001, vippsOre: 0, paidByCredit: true });
  });
});

describe('refundParts', () => {
  it("a date's share goes back the way it was paid; the Vipps parts of all dates stay within what Vipps took", () => {
    expect(refundParts(ore(25_001), { amountOre: ore(100_001), creditOre: ore(0) })).toEqual({ vippsOre: 25_001, creditOre: 0 });
    expect(refundParts(ore(25_001), { amountOre: ore(50_001), creditOre: ore(50_000) })).toEqual({ vippsOre: 12_500, creditOre: 12_501 });
    expect(refundParts(ore(25_000), { amountOre: ore(0), creditOre: ore(100_000) })).toEqual({ vippsOre: 0, creditOre: 25_000 });
    for (const [amountOre, creditOre, dates] of [[50_001, 50_000, 4], [1, 99_999, 7], [33_333, 33_334, 3]] as const) {
      const parts = dateSharesOre(amountOre + creditOre, dates).map((share) => refundParts(share, { amountOre: ore(amountOre), creditOre: ore(creditOre) }));
      expect(parts.reduce((sum, p) => sum + p.vippsOre, 0)).toBeLessThanOrEqual(amountOre);
      expect(parts.reduce((sum, p) => sum + p.vippsOre + p.creditOre, 0)).toBe(amountOre + creditOre);
    }
  });
});

describe('a booking with family credit', () => {
  it('Vipps is charged the rest; on payment the ledger takes the credit', async () => {
    const course = await createCourse(t.db, { priceOre: ore(100_001), maximumParticipants: 4, dates: DATES, ageMinMonths: null, ageMaxMonths: null });
    const { family, token } = await familyWithCredit(50_000);
    const res = await start(family, token, course.id);
    expect(res.status, res.text).toBe(200);
    const [held] = await t.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
    expect(held).toMatchObject({ amountOre: 50_001, creditOre: 50_000 });
    // Not taken yet: only when the Vipps part is paid.
    expect((await ledger(family.profile.id)).filter((e) => e.amountOre < 0)).toHaveLength(0);

    await submitLandingPage(res.json.redirectUrl, 'Betal');
    await t.sim.control.webhooksIdle();
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, held!.id));
    expect(paid!.status).toBe('captured');
    expect(t.sim.control.payment(paid!.reference)!.aggregate.capturedAmount.value).toBe(50_001);
    const entries = await ledger(family.profile.id);
    const used = entries.find((e) => e.amountOre < 0)!;
    expect(used).toMatchObject({ amountOre: -50_000, orderId: held!.id });
    expect(entries.find((e) => e.amountOre === 50_000)!.usedByEntryId).toBe(used.id);
    const credit = await t.http('GET', `/api/profiles/${family.profile.id}/credit`, { token });
    expect(credit.json.balance).toBe(0);
  });

  it('a rest below 1 kr: no Vipps payment, the order is paid by credit, the rest of the credit stays', async () => {
    const course = await createCourse(t.db, { priceOre: ore(100_001), maximumParticipants: 4, dates: DATES, ageMinMonths: null, ageMaxMonths: null });
    const { family, token } = await familyWithCredit(60_000, 90_000);
    const res = await start(family, token, course.id);
    expect(res.status, res.text).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
    expect(order).toMatchObject({ amountOre: 0, creditOre: 100_001, status: 'captured' });
    expect(res.json.redirectUrl).toBe(`${t.url}/vipps/payment/${order!.reference}`);
    expect(t.sim.control.payment(order!.reference)).toBeUndefined();
    expect(await t.db.select().from(participants).where(eq(participants.childId, family.children[0]!.id))).toHaveLength(1);
    expect((await t.db.select().from(outbox).where(eq(outbox.to, family.guardians[0]!.email!))).length).toBeGreaterThanOrEqual(1);
    const credit = await t.http('GET', `/api/profiles/${family.profile.id}/credit`, { token });
    expect(credit.json.balance).toBe(150_000 - 100_001);
  });
});

describe('two bookings started at once by one family', () => {
  it('pledge the credit once between them: the other pays with Vipps', async () => {
    const [first, second] = await Promise.all([1, 2].map(() => createCourse(t.db, { priceOre: ore(50_000), maximumParticipants: 4, dates: DATES, ageMinMonths: null, ageMaxMonths: null })));
    const family = await createFamily(t.db, { children: 2 });
    await t.db.insert(familyCredits).values({ profileId: family.profile.id, amountOre: ore(50_000), reason: 'Avlyst 2027-01-04', expiresAt: new Date(Date.now() + 300 * 86_400_000) });
    const token = await t.token(family.guardians[0]!.id);
    const starts = await Promise.all(
      [first!, second!].map((course, i) =>
        t.http('POST', '/api/vipps/payment', { token, body: { userId: family.guardians[0]!.id, childId: family.children[i]!.id, courseId: course.id } }),
      ),
    );
    for (const res of starts) expect(res.status, res.text).toBe(200);
    const held = await t.db.select().from(orders).where(eq(orders.profileId, family.profile.id));
    expect(held).toHaveLength(2);
    expect(held.map((o) => o.creditOre).sort((a, b) => a - b)).toEqual([0, 50_000]);
    expect(held.map((o) => o.amountOre + o.creditOre)).toEqual([50_000, 50_000]);
  });
});

describe('the month-end file', () => {
  it('has rows for credit given, used and expired; the money totals stay Vipps money', async () => {
    const { family, token } = await familyWithCredit();
    await t.db.insert(familyCredits).values({ profileId: family.profile.id, amountOre: ore(60_000), reason: 'Avlyst c38-eksport', expiresAt: new Date(Date.now() + 300 * 86_400_000) });
    const expired = await t.db
      .insert(familyCredits)
      .values({ profileId: family.profile.id, amountOre: ore(7_000), reason: 'Avlyst 2026-01-05', expiresAt: new Date(Date.now() - 60_000), createdAt: new Date(Date.now() - 400 * 86_400_000) })
      .returning();
    const course = await createCourse(t.db, { priceOre: ore(100_001), maximumParticipants: 4, dates: DATES, ageMinMonths: null, ageMaxMonths: null });
    const res = await start(family, token, course.id);
    await submitLandingPage(res.json.redirectUrl, 'Betal');
    await t.sim.control.webhooksIdle();
    const today = osloDateKey(new Date());
    const file = await bookkeeping(t.ctx, { from: today, to: today });
    const [order] = await t.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
    const mine = file.rows.filter((r) => r.orderId === order!.id || r.course === 'Avlyst 2026-01-05' || r.course === 'Avlyst c38-eksport');
    expect(mine.map((r) => [r.kind, r.amountOre]).sort()).toEqual(
      [['capture', 40_001], ['credit-expired', -7_000], ['credit-given', 60_000], ['credit-used', -60_000]].sort(),
    );
    expect(expired).toHaveLength(1);
    const vipps = file.rows.filter((r) => r.kind === 'capture' || r.kind === 'refund').reduce((sum, r) => sum + r.amountOre, 0);
    expect(file.totalOre).toBe(vipps);
  });
});
