import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { osloTime, ore } from '@app/shared';
import { orders, seasons } from '../../db/schema';
import * as store from '../../repos/setting-versions.repo';
import { createCourse, createFamily, createUser } from '../../test/builders';
import { startBookingTest, type BookingTest } from '../../test/booking';

/**
 * The sibling discount (decision 058): each child of the family after the first booked (paid, or holding a live payment
 * hold) in the season pays less; once per child and season; the order keeps its lines and the settings version.
 */
let t: BookingTest;
beforeAll(async () => {
  t = await startBookingTest();
  await t.db.insert(seasons).values({ name: 'Vår 2027', startsOn: '2027-01-01', endsOn: '2027-06-30' });
});
afterAll(() => t?.close());

const SPRING = [1, 8, 15, 22].map((d) => osloTime(2027, 3, d, '17:00'));
const AUTUMN = [6, 13].map((d) => osloTime(2027, 9, d, '17:00'));
const course = (dates = SPRING) => createCourse(t.db, { priceOre: ore(170_001), maximumParticipants: 4, dates, ageMinMonths: null, ageMaxMonths: null });
const setSibling = (value: unknown) => store.insertVersion(t.db, 'siblingDiscount', value, null);

async function family(children = 2) {
  const f = await createFamily(t.db, { children });
  return { ...f, token: await t.token(f.guardians[0]!.id) };
}
type Family = Awaited<ReturnType<typeof family>>;
const input = (f: Family, child: number, courseId: string) => ({ userId: f.guardians[0]!.id, childId: f.children[child]!.id, courseId });
const start = (f: Family, child: number, courseId: string) => t.http('POST', '/api/vipps/payment', { token: f.token, body: input(f, child, courseId) });
const priceRules = (f: Family, child: number, courseId: string) =>
  t.http('GET', `/api/vipps/price?${new URLSearchParams(input(f, child, courseId)).toString()}`, { token: f.token });
const orderOf = async (f: Family, child: number, courseId: string) =>
  (await t.db.select().from(orders).where(eq(orders.childId, f.children[child]!.id))).find((o) => o.courseId === courseId)!;

describe('the sibling discount', () => {
  it('is off by default: two children pay the full price', async () => {
    const [c, f] = [await course(), await family()];
    expect((await start(f, 0, c.id)).status).toBe(200);
    expect((await priceRules(f, 1, c.id)).json).toEqual({ sibling: null });
    expect((await start(f, 1, c.id)).status).toBe(200);
    expect(await orderOf(f, 1, c.id)).toMatchObject({ amountOre: 170_001, discounts: [], siblingDiscountVersion: 1 });
  });

  it('an amount: the second child booked in the season gets it, the first and a child of another season do not, nor twice', async () => {
    const version = await setSibling({ type: 'amount', amountKr: 340, from: '2020-01-01' });
    const [c, c2, autumn, f] = [await course(), await course(), await course(AUTUMN), await family(3)];
    // Nobody booked yet: the first child pays the full price.
    expect((await priceRules(f, 0, c.id)).json).toEqual({ sibling: null });
    expect((await start(f, 0, c.id)).status).toBe(200);
    expect(await orderOf(f, 0, c.id)).toMatchObject({ amountOre: 170_001, discounts: [] });
    // The first child holds a live payment hold: the second child's dialog and payment start show the discount.
    expect((await priceRules(f, 1, c2.id)).json).toEqual({ sibling: { amountOre: 34_000 } });
    expect((await start(f, 1, c2.id)).status).toBe(200);
    expect(await orderOf(f, 1, c2.id)).toMatchObject({ amountOre: 136_001, creditOre: 0, discounts: [{ kind: 'sibling', amountOre: 34_000 }], siblingDiscountVersion: version });
    // The same child on another course in the season: not twice. Its sibling's course in the autumn: no season there.
    expect((await priceRules(f, 1, c.id)).json).toEqual({ sibling: null });
    expect((await start(f, 1, c.id)).status).toBe(200);
    expect(await orderOf(f, 1, c.id)).toMatchObject({ amountOre: 170_001, discounts: [] });
    expect((await start(f, 2, autumn.id)).status).toBe(200);
    expect(await orderOf(f, 2, autumn.id)).toMatchObject({ discounts: [] });
    // A third child in the spring gets it too.
    expect((await start(f, 2, c.id)).status).toBe(200);
    expect(await orderOf(f, 2, c.id)).toMatchObject({ amountOre: 136_001, discounts: [{ kind: 'sibling', amountOre: 34_000 }] });
  });

  it('a percentage rounds down to whole øre; a rule from a later day does not apply yet', async () => {
    await setSibling({ type: 'percent', percent: 15, from: '2020-01-01' });
    const [c, f] = [await course(), await family()];
    await start(f, 0, c.id);
    expect((await start(f, 1, c.id)).status).toBe(200);
    // 15 % of 1 700,01 kr is 255,0015 kr: 25 500 øre off.
    expect(await orderOf(f, 1, c.id)).toMatchObject({ amountOre: 144_501, discounts: [{ kind: 'sibling', amountOre: 25_500 }] });

    await setSibling({ type: 'percent', percent: 15, from: '2099-01-01' });
    const [c2, g] = [await course(), await family()];
    await start(g, 0, c2.id);
    expect((await start(g, 1, c2.id)).status).toBe(200);
    expect(await orderOf(g, 1, c2.id)).toMatchObject({ amountOre: 170_001, discounts: [] });
  });

  it("another family's child or course: the same 404 as a payment start", async () => {
    const [c, f, other] = [await course(), await family(), await family()];
    const res = await t.http('GET', `/api/vipps/price?${new URLSearchParams({ ...input(other, 0, c.id), userId: f.guardians[0]!.id }).toString()}`, { token: f.token });
    expect(res.status).toBe(404);
  });
});

describe("the slice 'siblingDiscount' refuses bad values", () => {
  it('a percentage above 100, a negative amount, an unknown type or a bad day: 400 in Norwegian, nothing written', async () => {
    const admin = await t.token((await createUser(t.db, { roles: ['admin', 'parent'] })).id);
    const url = `/api/settings/siblingDiscount`;
    const before = await store.latestVersion(t.db, 'siblingDiscount');
    const refused = [
      [{ type: 'percent', percent: 101, from: '2027-01-01' }, 'Prosenten må være et helt tall fra 1 til 100.'],
      [{ type: 'percent', percent: 12.5, from: '2027-01-01' }, 'Prosenten må være et helt tall fra 1 til 100.'],
      [{ type: 'amount', amountKr: -340, from: '2027-01-01' }, 'Beløpet i kr må være et helt tall fra 1 til 100000.'],
      [{ type: 'gratis' }, 'Velg av, prosent eller beløp.'],
      [{ type: 'amount', amountKr: 340, from: '01.01.2027' }, 'Ugyldig dato (ÅÅÅÅ-MM-DD)'],
    ] as const;
    for (const [body, message] of refused) {
      const res = await t.http('PUT', url, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.message).toContain(message);
    }
    expect(await store.latestVersion(t.db, 'siblingDiscount')).toEqual(before);
    const ok = await t.http('PUT', url, { token: admin, body: { type: 'off' } });
    expect(ok.status, ok.text).toBe(200);
  });
});

/** PostgreSQL only: PGlite is one connection, so nothing overlaps there. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two children booked at the same moment (PostgreSQL)', () => {
  it('one pays the full price and one gets the discount, never two discounts nor none', async () => {
    await setSibling({ type: 'amount', amountKr: 340, from: '2020-01-01' });
    for (let round = 0; round < 5; round++) {
      const [c1, c2, f] = [await course(), await course(), await family()];
      const starts = await Promise.all([start(f, 0, c1.id), start(f, 1, c2.id)]);
      for (const res of starts) expect(res.status, res.text).toBe(200);
      const held = await t.db.select().from(orders).where(eq(orders.profileId, f.profile.id));
      expect(held.map((o) => o.discounts.length).sort()).toEqual([0, 1]);
      expect(held.map((o) => o.amountOre).sort()).toEqual([136_001, 170_001]);
    }
  });
});
