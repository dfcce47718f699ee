import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ore } from '@app/shared';
import { movableClock } from '../../test/clock';
import { courses, orders, outbox } from '../../db/schema';
import { createCourse, createFamily, createUser, weeklyDates, type Family, type TestCourse } from '../../test/builders';
import { submitLandingPage } from '../../test/epayment';
import { startBookingTest, type BookingTest } from '../../test/booking';

/**
 * Issue 10's rules at payment start, over real HTTP with the server on a clock the test sets: ended and started
 * courses (late booking, pro rata, the amount Vipps is asked for) and the age range.
 */
const DAY = 86_400_000;
const NOW = new Date('2027-03-03T12:00:00Z');
const clock = movableClock(NOW);

let t: BookingTest;
beforeAll(async () => {
  t = await startBookingTest({ clock });
});
afterAll(() => t.close());

const iso = (d: Date) => d.toISOString();

async function book(family: Family, course: TestCourse, child = 0, as?: string) {
  const userId = family.guardians[0]!.id;
  return t.http('POST', '/api/vipps/payment', {
    token: await t.token(as ?? userId),
    body: { userId, childId: family.children[child]!.id, courseId: course.id },
  });
}
const ordersOf = (family: Family) => t.db.select().from(orders).where(eq(orders.profileId, family.profile.id));
async function listed(course: TestCourse) {
  const res = await t.http('GET', `/api/places/${course.placeId}/courses?startDate=${NOW.getTime() - 200 * DAY}`);
  return (res.json as { _id: string; booking: { state: string; price: number; remainingDates: string[] } }[]).find(
    (c) => c._id === course.id,
  );
}

/** Ten weekly dates at 10:00 UTC, `passed` of them before NOW. */
const tenDates = (passed: number) => weeklyDates(new Date(NOW.getTime() - passed * 7 * DAY + 3 * DAY - 2 * 3_600_000), 10, '11:00');

describe('a course that has started', () => {
  beforeAll(() => clock.set(NOW));

  it('is booked for the remaining dates at the pro-rata price, which is what Vipps is asked for and captures', async () => {
    const dates = tenDates(4);
    expect(dates.filter((d) => d < NOW)).toHaveLength(4);
    const course = await createCourse(t.db, { dates, priceOre: ore(200_000), maximumParticipants: 6 });
    const remaining = dates.slice(4).map(iso);

    expect(await listed(course)).toMatchObject({ booking: { state: 'started', price: 1200, remainingDates: remaining } });

    const family = await createFamily(t.db);
    const res = await book(family, course);
    expect(res.status, res.text).toBe(200);
    const [order] = await ordersOf(family);
    expect(order!.amountOre).toBe(120_000);
    expect(order!.coveredDates!.map(iso)).toEqual(remaining);
    const atVipps = await t.sim.client().getPayment(order!.reference);
    expect(atVipps.amount).toEqual({ value: 120_000, currency: 'NOK' });

    await submitLandingPage(res.json.redirectUrl, 'Betal');
    await t.sim.control.webhooksIdle();
    const status = await t.http('GET', `/api/vipps/payment/${order!.reference}`, { token: await t.token(family.guardians[0]!.id) });
    expect(status.json).toMatchObject({ state: 'CAPTURED', enrolled: true, order: { amount: 1200, course: { dates: remaining } } });
    expect((await t.sim.client().getPayment(order!.reference)).aggregate.capturedAmount.value).toBe(120_000);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, family.guardians[0]!.email!));
    expect(mail!.text).toContain('1 200 kr');
  });

  it('rounds the reduced price to 25 kr', async () => {
    const course = await createCourse(t.db, { dates: weeklyDates(new Date(NOW.getTime() - 7 * DAY - DAY), 8, '11:00'), priceOre: ore(195_000) });
    // 2 of 8 passed: 6/8 of 1950 kr = 1462.50 kr → 1475 kr (nearest 25 kr; 1462.50 is exactly between, rounds up)
    const family = await createFamily(t.db);
    expect((await book(family, course)).status).toBe(200);
    const [order] = await ordersOf(family);
    expect(order!.amountOre).toBe(147_500);
    expect((await t.sim.client().getPayment(order!.reference)).amount.value).toBe(147_500);
  });

  it('is closed for late booking once half the dates have passed, and nothing is written', async () => {
    const course = await createCourse(t.db, { dates: tenDates(5) });
    expect(await listed(course)).toMatchObject({ booking: { state: 'closed', remainingDates: [] } });
    const family = await createFamily(t.db);
    const res = await book(family, course);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('LATE_BOOKING_CLOSED');
    expect(await ordersOf(family)).toEqual([]);
  });

  it('follows the admin: late booking kept open longer, closed from the start, or at full price', async () => {
    const course = await createCourse(t.db, { dates: tenDates(5), priceOre: ore(200_000) });
    await t.db.update(courses).set({ lateBookingMaxPassed: 7 }).where(eq(courses.id, course.id));
    const family = await createFamily(t.db, { children: 2 });
    expect((await book(family, course)).status).toBe(200);
    expect((await ordersOf(family))[0]!.amountOre).toBe(100_000);

    const closed = await createCourse(t.db, { dates: tenDates(1), lateBookingMaxPassed: 0 });
    expect((await book(family, closed, 1)).json.error.code).toBe('LATE_BOOKING_CLOSED');

    const fullPrice = await createCourse(t.db, { dates: tenDates(3), priceOre: ore(200_000), proRata: false });
    expect(await listed(fullPrice)).toMatchObject({ booking: { state: 'started', price: 2000 } });
    expect((await book(family, fullPrice, 1)).status).toBe(200);
    const order = (await ordersOf(family)).find((o) => o.courseId === fullPrice.id)!;
    expect(order.amountOre).toBe(200_000);
    expect(order.coveredDates).toHaveLength(7);
  });

  it('the same course is open at full price before its first date (the clock decides)', async () => {
    const course = await createCourse(t.db, { dates: tenDates(4), priceOre: ore(200_000) });
    clock.set(new Date(course.dates[0]!.getTime() - 60_000));
    expect(await listed(course)).toMatchObject({ booking: { state: 'open', price: 2000 } });
    const family = await createFamily(t.db);
    expect((await book(family, course)).status).toBe(200);
    const [order] = await ordersOf(family);
    expect(order!.amountOre).toBe(200_000);
    expect(order!.coveredDates).toHaveLength(10);
    clock.set(NOW);
  });
});

describe('a course that has ended', () => {
  it('can never be booked, not even by an admin', async () => {
    const course = await createCourse(t.db, { dates: weeklyDates(new Date(NOW.getTime() - 70 * DAY), 8, '11:00') });
    expect(await listed(course)).toMatchObject({ booking: { state: 'ended', remainingDates: [] } });
    const family = await createFamily(t.db);
    const res = await book(family, course);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('COURSE_ENDED');
    const admin = await createUser(t.db, { roles: ['parent', 'admin'] });
    expect((await book(family, course, 0, admin.id)).json.error.code).toBe('COURSE_ENDED');
    expect(await ordersOf(family)).toEqual([]);
  });
});

describe('the age range', () => {
  // First date Monday 15 March 2027; the course is for 6–12 months.
  const first = new Date('2027-03-15T10:00:00Z');
  const child = (firstName: string, birthdate: string) => ({ firstName, birthdate });

  it('takes children from 6 months until they turn 13 months at the first date, and refuses the rest by name of age', async () => {
    const course = await createCourse(t.db, { dates: weeklyDates(first, 8, '11:00'), ageMinMonths: 6, ageMaxMonths: 12 });
    const family = await createFamily(t.db, {
      children: [
        child('Seks', '2026-09-15'), // 6 months that day
        child('Fem', '2026-09-16'), // one day short of 6 months
        child('Tolv', '2026-02-16'), // 12 months and 27 days
        child('Tretten', '2026-02-15'), // 13 months that day
      ],
    });
    expect((await book(family, course, 0)).status).toBe(200);
    expect((await book(family, course, 2)).status).toBe(200);

    const young = await book(family, course, 1);
    expect(young.status).toBe(409);
    expect(young.json.error).toMatchObject({
      code: 'CHILD_AGE_OUTSIDE_RANGE',
      params: { childAgeMonths: 5, ageMinMonths: 6, ageMaxMonths: 12 },
    });
    const old = await book(family, course, 3);
    expect(old.json.error).toMatchObject({ code: 'CHILD_AGE_OUTSIDE_RANGE', params: { childAgeMonths: 13 } });
    expect((await ordersOf(family)).map((o) => o.childId).sort()).toEqual([family.children[0]!.id, family.children[2]!.id].sort());
  });

  it('a course without a range takes any child', async () => {
    const course = await createCourse(t.db, { dates: weeklyDates(first, 8, '11:00') });
    const family = await createFamily(t.db, { children: [child('Stor', '2019-01-01')] });
    expect((await book(family, course)).status).toBe(200);
  });

  it('an admin may still place a child outside the range', async () => {
    const course = await createCourse(t.db, { dates: weeklyDates(first, 8, '11:00'), ageMinMonths: 6, ageMaxMonths: 12 });
    const family = await createFamily(t.db, { children: [child('Treåring', '2024-01-10')] });
    expect((await book(family, course)).json.error.code).toBe('CHILD_AGE_OUTSIDE_RANGE');
    const admin = await createUser(t.db, { roles: ['parent', 'admin'] });
    const res = await book(family, course, 0, admin.id);
    expect(res.status, res.text).toBe(200);
  });
});
