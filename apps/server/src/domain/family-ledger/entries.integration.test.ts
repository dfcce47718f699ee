import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ore, osloDateKey, osloTime } from '@app/shared';
import { dateChoices, familyCredits, familyLedgerEntries, orders } from '../../db/schema';
import { createCourse, createFamily } from '../../test/builders';
import { submitLandingPage } from '../../test/epayment';
import { bookingTestWithClock } from '../../test/booking';
import { bookkeeping } from '../../features/orders/bookkeeping.service';
import { accountOfOrder, entriesOfOrders, familyCreditBalance, vippsHeld } from './entries';

/**
 * The family ledger (decision 055) on the database the tests run on (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * one booking paid partly with credit, a cancelled date's share given as credit, the place cancelled with a fee, and a
 * credit that expired. The entries' sums are what Vipps holds, what the family has as credit, and what the order keeps.
 */
const kit = bookingTestWithClock();

const DATES = [1, 8, 15, 22].map((d) => osloTime(2027, 3, d, '17:00'));
const PRICE = ore(100_001);
/** The second date's share of 1 000,01 kr over four dates (250,01 + 250 + 250 + 250). */
const SHARE = 25_000;

describe('the family ledger', () => {
  it('a booking paid partly with credit, a date credited, the place cancelled with a fee, a credit expired: the sums agree', async () => {
    const course = await createCourse(kit.t.db, { priceOre: PRICE, maximumParticipants: 4, dates: DATES, ageMinMonths: null, ageMaxMonths: null });
    const family = await createFamily(kit.t.db);
    const profileId = family.profile.id;
    const later = new Date(Date.now() + 300 * 86_400_000);
    await kit.t.db.insert(familyCredits).values([
      { profileId, amountOre: ore(40_000), reason: 'Avlyst 2026-11-02', expiresAt: later },
      { profileId, amountOre: ore(7_000), reason: 'Avlyst 2025-11-03', expiresAt: new Date(Date.now() - 60_000), createdAt: new Date(Date.now() - 400 * 86_400_000) },
    ]);
    const token = await kit.t.token(family.guardians[0]!.id);

    // Booked: 40 000 of credit first, Vipps the rest.
    const start = await kit.t.http('POST', '/api/vipps/payment', { token, body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId: course.id } });
    expect(start.status, start.text).toBe(200);
    await submitLandingPage(start.json.redirectUrl, 'Betal');
    await kit.t.sim.control.webhooksIdle();
    const [order] = await kit.t.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
    expect(order).toMatchObject({ status: 'captured', creditOre: 40_000, amountOre: PRICE - 40_000 });

    // The second date is cancelled and its share given as credit.
    kit.clock.current = osloTime(2027, 2, 1, '12:00');
    const cancelled = await kit.t.http('POST', `/api/courses/${course.id}/cancelled-dates`, { token: kit.adminToken, body: { date: DATES[1]!.toISOString(), reason: 'Svømmestevne' } });
    for (const c of cancelled.json.cancelled as { _id: string }[]) await kit.t.http('POST', `/api/cancelled-dates/${c._id}/announce`, { token: kit.adminToken });
    const [choice] = await kit.t.db.select().from(dateChoices).where(eq(dateChoices.orderId, order!.id));
    expect(choice!.shareOre).toBe(SHARE);
    expect((await kit.t.http('POST', `/api/changes/${choice!.id}/choose`, { token, body: { choice: 'credit' } })).status).toBe(200);
    expect((await accountOfOrder(kit.t.db, order!.id)).heldOre).toBe(PRICE - SHARE);

    // After the deadline: the place is cancelled with a fee; the rest goes back the way it was paid.
    kit.clock.current = osloTime(2027, 2, 16, '12:00');
    const shown = await kit.t.http('GET', `/api/orders/${order!.id}/cancellation`, { token });
    expect(shown.json).toMatchObject({ outcome: 'fee', paidAmount: PRICE - SHARE });
    const fee = shown.json.feeAmount as number;
    expect(fee).toBeGreaterThan(0);
    const done = await kit.t.http('POST', `/api/orders/${order!.id}/cancellation`, { token, body: { expectedRefund: shown.json.refundAmount } });
    expect(done.status, done.text).toBe(200);
    await kit.t.sim.control.webhooksIdle();

    // What Vipps holds.
    const entries = await entriesOfOrders(kit.t.db, [order!.id]);
    const payment = kit.t.sim.control.payment(order!.reference)!;
    expect(payment.aggregate.refundedAmount.value).toBeGreaterThan(0);
    expect(vippsHeld(entries)).toBe(payment.aggregate.capturedAmount.value - payment.aggregate.refundedAmount.value);

    // What the order keeps: the fee, and nothing more or less.
    expect(await accountOfOrder(kit.t.db, order!.id)).toMatchObject({ vippsOre: vippsHeld(entries), creditPartOre: 40_000, heldOre: fee });
    expect(entries.map((e) => e.kind).sort()).toEqual(['capture', 'credit-given', 'credit-given', 'credit-used', 'refund']);

    // What the family has as credit: the ledger's sum, the API's balance, and the unused, unexpired entries agree.
    const now = kit.clock.now();
    const credit = await familyCreditBalance(kit.t.db, profileId, now);
    const live = await kit.t.db
      .select()
      .from(familyCredits)
      .where(and(eq(familyCredits.profileId, profileId), gt(familyCredits.amountOre, ore(0)), isNull(familyCredits.usedByEntryId), or(isNull(familyCredits.expiresAt), gt(familyCredits.expiresAt, now))));
    expect(credit).toBe(live.reduce((sum, c) => sum + c.amountOre, 0));
    expect((await kit.t.http('GET', `/api/profiles/${profileId}/credit`, { token })).json.balance).toBe(credit);
    const back = (done.json.creditAmount as number) ?? 0;
    expect(credit).toBe(SHARE + back);

    // Every øre the family paid is accounted for: back through Vipps, back as credit, or kept as the fee.
    expect(payment.aggregate.refundedAmount.value + SHARE + back + fee).toBe(PRICE);

    // The expired credit is an entry of its own kind; the live credits' expiries are entries still to come.
    const all = await kit.t.db.select().from(familyLedgerEntries).where(eq(familyLedgerEntries.profileId, profileId));
    expect(all.filter((e) => e.kind === 'credit-expired' && e.at <= now).map((e) => e.amountOre)).toEqual([-7_000]);
    expect(all.filter((e) => e.kind === 'credit-expired' && e.at > now).reduce((sum, e) => sum - e.amountOre, 0)).toBe(credit);
    // Credit to use now: given, less used, less expired by then.
    const credits = all.filter((e) => e.kind.startsWith('credit-') && (e.kind !== 'credit-expired' || e.at <= now));
    expect(credits.reduce((sum, e) => sum + e.amountOre, 0)).toBe(credit);

    // The month-end reads the same entries: the Vipps rows sum to what Vipps holds of the period.
    const day = (d: Date) => osloDateKey(d);
    const file = await bookkeeping(kit.t.ctx, { from: day(new Date(Date.now() - 400 * 86_400_000)), to: day(now) });
    const mine = file.rows.filter((r) => r.orderId === order!.id);
    expect(mine.filter((r) => r.kind === 'capture' || r.kind === 'refund').reduce((s, r) => s + r.amountOre, 0)).toBe(vippsHeld(entries));
    expect(mine.filter((r) => r.kind === 'credit-used').map((r) => r.amountOre)).toEqual([-40_000]);

    // The database refuses to give back more than the order holds (the probe's M1), whatever path would ask: a credit
    // of one øre over the fee, and the credited date's share spent again as a make-up.
    await expect(refusal(kit.t.db.insert(familyCredits).values({ profileId, amountOre: ore(fee + 1), reason: 'Mer', orderId: order!.id }))).resolves.toMatch(/more than it holds/);
    await expect(refusal(kit.t.db.update(dateChoices).set({ choice: 'makeup' }).where(eq(dateChoices.id, choice!.id)))).resolves.toMatch(/more than it holds/);
    await kit.t.db.insert(familyCredits).values({ profileId, amountOre: ore(fee), reason: 'Gebyret tilbake', orderId: order!.id });
    expect((await accountOfOrder(kit.t.db, order!.id)).heldOre).toBe(0);
  });
});

/** The database's message when `query` is refused ('' when it is not). */
async function refusal(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
    return '';
  } catch (error) {
    const e = error as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ''}`;
  }
}
