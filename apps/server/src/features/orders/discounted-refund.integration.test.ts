import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { osloDateKey, osloTime, ore } from '@app/shared';
import { familyCredits, orders, seasons } from '../../db/schema';
import * as store from '../../repos/setting-versions.repo';
import { createCourse, createFamily } from '../../test/builders';
import { bookingTestWithClock } from '../../test/booking';
import { submitLandingPage } from '../../test/epayment';

/**
 * A refund of a discounted order (decision 058) gives back what was paid, each part to its source (the Vipps part to
 * Vipps, the credit part as credit with its original expiry), never the list price; a refund of the first child's
 * place leaves the second child's sibling discount as it was; the month-end lists the discount given.
 */
const kit = bookingTestWithClock();
const DATES = [1, 8, 15, 22].map((d) => osloTime(2027, 3, d, '17:00'));

async function pay(family: Awaited<ReturnType<typeof createFamily>>, token: string, child: number, courseId: string) {
  const res = await kit.t.http('POST', '/api/vipps/payment', { token, body: { userId: family.guardians[0]!.id, childId: family.children[child]!.id, courseId } });
  expect(res.status, res.text).toBe(200);
  await submitLandingPage(res.json.redirectUrl, 'Betal');
  await kit.t.sim.control.webhooksIdle();
  const [order] = await kit.t.db.select().from(orders).where(and(eq(orders.childId, family.children[child]!.id), eq(orders.courseId, courseId)));
  expect(order!.status).toBe('captured');
  return order!;
}
const cancel = (orderId: string, token: string, expectedRefund: number) => kit.t.http('POST', `/api/orders/${orderId}/cancellation`, { token, body: { expectedRefund } });

describe('a refund of a discounted order', () => {
  it('gives back the Vipps part to Vipps and the credit part as credit with its expiry, not the list price', async () => {
    await kit.t.db.insert(seasons).values({ name: 'Vår 2027', startsOn: '2027-01-01', endsOn: '2027-06-30' });
    await store.insertVersion(kit.t.db, 'siblingDiscount', { type: 'amount', amountKr: 340, from: '2020-01-01' }, null);
    const course = await createCourse(kit.t.db, { priceOre: ore(100_000), maximumParticipants: 4, dates: DATES, ageMinMonths: null, ageMaxMonths: null });
    const family = await createFamily(kit.t.db, { children: 2 });
    const token = await kit.t.token(family.guardians[0]!.id);
    const first = await pay(family, token, 0, course.id);
    expect(first).toMatchObject({ amountOre: 100_000, creditOre: 0, discounts: [] });

    const expiresAt = new Date(Date.now() + 300 * 86_400_000);
    await kit.t.db.insert(familyCredits).values({ profileId: family.profile.id, amountOre: ore(50_000), reason: 'Avlyst 2027-01-04', expiresAt });
    const second = await pay(family, token, 1, course.id);
    // 1 000 kr list, 340 kr sibling discount, 500 kr credit: Vipps took 160 kr.
    expect(second).toMatchObject({ amountOre: 16_000, creditOre: 50_000, discounts: [{ kind: 'sibling', amountOre: 34_000 }] });
    expect(kit.t.sim.control.payment(second.reference)!.aggregate.capturedAmount.value).toBe(16_000);

    kit.clock.current = osloTime(2027, 2, 1, '12:00');
    const shown = await kit.t.http('GET', `/api/orders/${second.id}/cancellation`, { token });
    expect(shown.json).toMatchObject({ outcome: 'full', paidAmount: 66_000, refundAmount: 66_000, creditAmount: 50_000 });
    const res = await cancel(second.id, token, 66_000);
    expect(res.status, res.text).toBe(200);
    await kit.t.sim.control.webhooksIdle();
    expect(kit.t.sim.control.payment(second.reference)!.aggregate.refundedAmount.value).toBe(16_000);
    const back = await kit.t.db.select().from(familyCredits).where(and(eq(familyCredits.orderId, second.id), gt(familyCredits.amountOre, ore(0))));
    expect(back.map((c) => [c.amountOre, c.expiresAt?.toISOString()])).toEqual([[50_000, expiresAt.toISOString()]]);

    // The first child's place refunded too: the second's order keeps its discount line.
    const firstRefund = await cancel(first.id, token, 100_000);
    expect(firstRefund.status, firstRefund.text).toBe(200);
    const [kept] = await kit.t.db.select().from(orders).where(eq(orders.id, second.id));
    expect(kept!.discounts).toEqual([{ kind: 'sibling', amountOre: 34_000 }]);

    // The month-end lists the discount given as a row of its own, outside the Vipps totals, which still match Vipps.
    await kit.t.sim.control.webhooksIdle();
    const today = osloDateKey(new Date());
    const file = await fetch(`${kit.t.url}/api/payments/bookkeeping?from=${today}&to=2027-12-31&format=csv`, { headers: { authorization: `Bearer ${kit.adminToken}` } });
    const lines = (await file.text()).replace(/^\uFEFF/, '').split(/\r?\n/);
    const rows = lines.slice(1, lines.indexOf('')).map((l) => l.split(';'));
    const kr = (cell: string | undefined) => Math.round(Number(cell) * 100);
    expect(rows.filter((r) => r[1] === 'Rabatt gitt').map((r) => [r[2], kr(r[6])])).toEqual([[second.humanReference, 34_000]]);
    const vipps = rows.filter((r) => r[1] === 'Betaling' || r[1] === 'Refusjon').reduce((sum, r) => sum + kr(r[6]), 0);
    const sim = [first, second].map((o) => kit.t.sim.control.payment(o.reference)!.aggregate);
    expect(vipps).toBe(sim.reduce((sum, a) => sum + a.capturedAmount.value - a.refundedAmount.value, 0));
    expect(kr(lines.find((l) => l.startsWith('Sum;'))!.split(';')[1])).toBe(vipps);
  });
});
