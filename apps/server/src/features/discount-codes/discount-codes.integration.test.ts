import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { osloTime, ore } from '@app/shared';
import { discountCodes, orders, seasons } from '../../db/schema';
import * as store from '../../repos/setting-versions.repo';
import { createCourse, createFamily, createUser, createVenue } from '../../test/builders';
import { startBookingTest, type BookingTest } from '../../test/booking';

/**
 * Discount codes (decision 058): the admin's codes, the dialog's check (why a code does not apply, the guessing limit),
 * the payment start's line and held use, given back when the hold lapses; the last use raced by two families.
 */
let t: BookingTest;
let admin: string;
beforeAll(async () => {
  t = await startBookingTest();
  admin = await t.token((await createUser(t.db, { roles: ['admin', 'parent'] })).id);
  await t.db.insert(seasons).values({ name: 'Vår 2027', startsOn: '2027-01-01', endsOn: '2027-06-30' });
});
afterAll(() => t?.close());

const SPRING = [1, 8, 15, 22].map((d) => osloTime(2027, 3, d, '17:00'));
const course = (options: { placeId?: string } = {}) =>
  createCourse(t.db, { priceOre: ore(170_001), maximumParticipants: 4, dates: SPRING, ageMinMonths: null, ageMaxMonths: null, ...(options.placeId ? { place: { id: options.placeId } } : {}) });
async function family(children = 2) {
  const f = await createFamily(t.db, { children });
  return { ...f, token: await t.token(f.guardians[0]!.id) };
}
type Family = Awaited<ReturnType<typeof family>>;
const input = (f: Family, child: number, courseId: string) => ({ userId: f.guardians[0]!.id, childId: f.children[child]!.id, courseId });
const start = (f: Family, child: number, courseId: string, discountCode?: string) =>
  t.http('POST', '/api/vipps/payment', { token: f.token, body: { ...input(f, child, courseId), ...(discountCode ? { discountCode } : {}) } });
const check = (f: Family, child: number, courseId: string, code: string) =>
  t.http('GET', `/api/discount-codes/check?${new URLSearchParams({ ...input(f, child, courseId), code }).toString()}`, { token: f.token });
const ordersOf = (f: Family) => t.db.select().from(orders).where(eq(orders.profileId, f.profile.id));
const codeBody = (code: string, more: Record<string, unknown> = {}) => ({ code, kind: 'percent', percent: 10, validFrom: '2020-01-01', validTo: '2099-12-31', maxUses: null, maxUsesPerFamily: null, ...more });
async function createCode(code: string, more: Record<string, unknown> = {}) {
  const res = await t.http('POST', '/api/discount-codes', { token: admin, body: codeBody(code, more) });
  expect(res.status, res.text).toBe(200);
  return res.json.find((c: { code: string }) => c.code === code.toUpperCase()) as { _id: string; uses: number };
}
const usesOf = async (id: string) => ((await t.http('GET', '/api/discount-codes', { token: admin })).json as { _id: string; uses: number }[]).find((c) => c._id === id)!.uses;

describe('the admin keeps the codes', () => {
  it('stores the code in capitals, refuses the same code in other letters, bad values, and writes nothing then', async () => {
    const created = await createCode('host2027', { kind: 'amount', amountKr: 150, percent: undefined });
    expect(created).toMatchObject({ code: 'HOST2027', kind: 'amount', amountKr: 150, percent: null, uses: 0, retired: false });
    const before = await t.db.select().from(discountCodes);
    const refused: [Record<string, unknown>, number, string][] = [
      [codeBody('Host2027'), 409, 'DISCOUNT_CODE_TAKEN'],
      [codeBody('A'.repeat(33)), 400, 'Rabattkoden må ha 4–32 tegn'],
      [codeBody('ÅÆ!'), 400, 'Rabattkoden må ha 4–32 tegn'],
      [codeBody('PROSENT', { percent: 101 }), 400, 'Prosenten må være et helt tall fra 1 til 100.'],
      [codeBody('DAGER', { validFrom: '2027-02-01', validTo: '2027-01-31' }), 400, 'Sluttdatoen kan ikke være før startdatoen'],
      [codeBody('GRENSE', { maxUses: 0 }), 400, 'Antall bruk totalt må være et helt tall'],
    ];
    for (const [body, status, text] of refused) {
      const res = await t.http('POST', '/api/discount-codes', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(`${res.json.error.code} ${res.json.error.message}`).toContain(text);
    }
    expect(await t.db.select().from(discountCodes)).toEqual(before);
  });
});

describe('the check and the payment start', () => {
  it('says why a code does not apply: unknown, expired, not yet valid, not for this course', async () => {
    const [c, f] = [await course(), await family()];
    const other = await course();
    await createCode('GAMMEL', { validFrom: '2020-01-01', validTo: '2020-12-31' });
    await createCode('SENERE', { validFrom: '2099-01-01', validTo: '2099-12-31' });
    await createCode('KUNANNET', { courseIds: [other.id] });
    const expectations = [
      ['FINNESIKKE', 404, 'DISCOUNT_CODE_UNKNOWN'],
      ['gammel', 409, 'DISCOUNT_CODE_EXPIRED'],
      ['SENERE', 409, 'DISCOUNT_CODE_NOT_YET_VALID'],
      ['KUNANNET', 409, 'DISCOUNT_CODE_NOT_FOR_COURSE'],
    ] as const;
    for (const [code, status, error] of expectations) {
      const res = await check(f, 0, c.id, code);
      expect([res.status, res.json.error?.code], code).toEqual([status, error]);
    }
    // The same refusal at the payment start, and nothing written.
    const res = await start(f, 0, c.id, 'gammel');
    expect([res.status, res.json.error.code]).toEqual([409, 'DISCOUNT_CODE_EXPIRED']);
    expect(await ordersOf(f)).toEqual([]);
    // The course listed, or its venue: the code applies.
    expect((await check(f, 0, other.id, 'kunannet')).json).toEqual({ code: 'KUNANNET', rule: { percent: 10 } });
    const venue = await createVenue(t.db);
    const atVenue = await course({ placeId: venue.id });
    await createCode('BADET', { venueIds: [venue.id] });
    expect((await check(f, 0, atVenue.id, 'badet')).status).toBe(200);
    expect((await check(f, 0, c.id, 'badet')).json.error.code).toBe('DISCOUNT_CODE_NOT_FOR_COURSE');
  });

  it('the order takes the line after the sibling discount; the family limit counts holds; a lapsed hold gives the use back', async () => {
    await store.insertVersion(t.db, 'siblingDiscount', { type: 'amount', amountKr: 340, from: '2020-01-01' }, null);
    const code = await createCode('SOMMER', { maxUsesPerFamily: 1 });
    const [c, c2, f, g] = [await course(), await course(), await family(), await family()];
    expect((await start(f, 0, c.id)).status).toBe(200);
    expect((await check(f, 1, c2.id, 'sommer')).json).toEqual({ code: 'SOMMER', rule: { percent: 10 } });
    expect((await start(f, 1, c2.id, ' sommer ')).status).toBe(200);
    const [, second] = (await ordersOf(f)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    // 1 700,01 − 340 = 1 360,01; 10 % of it rounds down to 136,00.
    expect(second).toMatchObject({
      amountOre: 122_401,
      discountCodeId: code._id,
      discounts: [{ kind: 'sibling', amountOre: 34_000 }, { kind: 'code', amountOre: 13_600, code: 'SOMMER' }],
    });
    expect(await usesOf(code._id)).toBe(1);
    // The family's one use is held: refused for its third child, not for another family.
    const third = await check(f, 0, c2.id, 'SOMMER');
    expect([third.status, third.json.error.code]).toEqual([409, 'DISCOUNT_CODE_USED_UP']);
    expect((await check(g, 0, c.id, 'SOMMER')).status).toBe(200);
    // The hold lapses unpaid: the use comes back by itself.
    await t.db.update(orders).set({ holdExpiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, second!.id));
    expect(await usesOf(code._id)).toBe(0);
    expect((await check(f, 0, c2.id, 'SOMMER')).status).toBe(200);
    await store.insertVersion(t.db, 'siblingDiscount', { type: 'off' }, null);
  });

  it('a used code cannot be deleted, only retired; a retired code is unknown; an unused one is deleted', async () => {
    const code = await createCode('BRUKT');
    const [c, f] = [await course(), await family()];
    expect((await start(f, 0, c.id, 'BRUKT')).status).toBe(200);
    const del = await t.http('DELETE', `/api/discount-codes/${code._id}`, { token: admin });
    expect([del.status, del.json.error.code]).toEqual([409, 'DISCOUNT_CODE_IN_USE']);
    const retired = await t.http('PATCH', `/api/discount-codes/${code._id}`, { token: admin, body: { ...codeBody('x'), code: undefined, retired: true } });
    expect(retired.status, retired.text).toBe(200);
    expect((await check(f, 1, c.id, 'BRUKT')).json.error.code).toBe('DISCOUNT_CODE_UNKNOWN');
    const unused = await createCode('UBRUKT');
    expect((await t.http('DELETE', `/api/discount-codes/${unused._id}`, { token: admin })).status).toBe(204);
  });

  it('limits the codes a user sends against guessing: checks and payment starts with a code, 10 in 15 minutes', async () => {
    const [c, f] = [await course(), await family()];
    for (let i = 0; i < 9; i++) expect((await check(f, 0, c.id, `GJETT${i}`)).status).toBe(404);
    expect((await start(f, 0, c.id, 'GJETT9')).status).toBe(404);
    const res = await check(f, 0, c.id, 'GJETT10');
    expect([res.status, res.json.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect((await start(f, 0, c.id, 'GJETT11')).status).toBe(429);
    // A payment start without a code is not held back by it.
    expect((await start(f, 0, c.id)).status).toBe(200);
  });
});

/** PostgreSQL only: PGlite is one connection, so nothing overlaps there. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the last use raced by two families (PostgreSQL)', () => {
  it('goes to one of them; the other is refused USED_UP with nothing written', async () => {
    for (let round = 0; round < 5; round++) {
      await createCode(`SISTE${round}`, { maxUses: 1 });
      // Two courses: the course lock does not order them, only the code's row lock does.
      const [c1, c2, f, g] = [await course(), await course(), await family(1), await family(1)];
      const starts = await Promise.all([start(f, 0, c1.id, `SISTE${round}`), start(g, 0, c2.id, `SISTE${round}`)]);
      expect(starts.map((r) => r.status).sort(), starts.map((r) => r.text).join('\n')).toEqual([200, 409]);
      expect(starts.find((r) => r.status === 409)!.json.error.code).toBe('DISCOUNT_CODE_USED_UP');
      expect([...(await ordersOf(f)), ...(await ordersOf(g))]).toHaveLength(1);
    }
  });
});
