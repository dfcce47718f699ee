import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ore } from '@app/shared';
import { orders } from '../../db/schema';
import { addParticipants, createCourse, createFamily, createUser, type Family, type TestCourse } from '../../test/builders';
import { startBookingTest, type BookingTest } from '../../test/booking';

/** POST /api/vipps/payment rules and GET /api/vipps/payment/:paymentId access, over real HTTP. */
let t: BookingTest;
beforeAll(async () => {
  t = await startBookingTest({ registerWebhook: false, env: { PAYMENT_START_RATE_LIMIT: '5' } });
});
afterAll(() => t.close());

const body = (family: Family, course: TestCourse, overrides: Record<string, unknown> = {}) => ({
  userId: family.guardians[0]!.id,
  childId: family.children[0]!.id,
  courseId: course.id,
  ...overrides,
});
const tokenOf = (family: Family, guardian = 0) => t.token(family.guardians[guardian]!.id);
const ordersOf = (family: Family) => t.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
const liveHolds = async (courseId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.courseId, courseId), eq(orders.status, 'created'), sql`${orders.holdExpiresAt} > now()`))
  )[0]!.n;

describe('payment start', () => {
  it('needs a session and valid ids', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db);
    expect((await t.http('POST', '/api/vipps/payment', { body: body(family, course) })).status).toBe(401);
    const bad = await t.http('POST', '/api/vipps/payment', { token: await tokenOf(family), body: body(family, course, { childId: 'x' }) });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('VALIDATION');
  });

  it("refuses another family's child without telling anything about it", async () => {
    const mine = await createFamily(t.db);
    const theirs = await createFamily(t.db, { children: [{ firstName: 'Hemmelig' }] });
    const course = await createCourse(t.db);
    const token = await tokenOf(mine);
    const res = await t.http('POST', '/api/vipps/payment', { token, body: body(mine, course, { childId: theirs.children[0]!.id }) });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Hemmelig');
    // Booking as somebody else is refused outright.
    const asOther = await t.http('POST', '/api/vipps/payment', { token, body: body(theirs, course) });
    expect(asOther.status).toBe(403);
    expect(await ordersOf(theirs)).toHaveLength(0);
  });

  it('lets a second guardian and an admin book for the family', async () => {
    const family = await createFamily(t.db, { guardians: 2, children: 2 });
    const course = await createCourse(t.db);
    const second = await t.http('POST', '/api/vipps/payment', {
      token: await tokenOf(family, 1),
      body: body(family, course, { userId: family.guardians[1]!.id }),
    });
    expect(second.status).toBe(200);
    const admin = await createUser(t.db, { roles: ['parent', 'admin'] });
    const byAdmin = await t.http('POST', '/api/vipps/payment', {
      token: await t.token(admin.id),
      body: body(family, course, { childId: family.children[1]!.id }),
    });
    expect(byAdmin.status).toBe(200);
  });

  it('refuses unknown and unpublished courses', async () => {
    const family = await createFamily(t.db);
    const token = await tokenOf(family);
    const hidden = await createCourse(t.db, { published: false });
    const unknown = await t.http('POST', '/api/vipps/payment', { token, body: body(family, hidden, { courseId: 'f'.repeat(24) }) });
    expect(unknown.status).toBe(404);
    expect((await t.http('POST', '/api/vipps/payment', { token, body: body(family, hidden) })).status).toBe(404);
    const nullPublished = await createCourse(t.db, { published: null });
    expect((await t.http('POST', '/api/vipps/payment', { token, body: body(family, nullPublished) })).status).toBe(404);
  });

  it("answers 400 'Child is already in course' for an enrolled child", async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db);
    await addParticipants(t.db, course.id, [family.children[0]!.id]);
    const res = await t.http('POST', '/api/vipps/payment', { token: await tokenOf(family), body: body(family, course) });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ code: 'CHILD_ALREADY_IN_COURSE', message: 'Child is already in course' });
  });

  it('a double click (also concurrent) gets the same redirectUrl and one hold', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 3 });
    const token = await tokenOf(family);
    const [a, b] = await Promise.all([
      t.http('POST', '/api/vipps/payment?at=whatever', { token, body: body(family, course) }),
      t.http('POST', '/api/vipps/payment?at=whatever', { token, body: body(family, course) }),
    ]);
    const c = await t.http('POST', '/api/vipps/payment', { token, body: body(family, course) });
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.json.redirectUrl, b.json.redirectUrl, c.json.redirectUrl]).size).toBe(1);
    expect(await ordersOf(family)).toHaveLength(1);
    expect(await liveHolds(course.id)).toBe(1);
  });

  it('a Vipps failure answers 502 PAYMENT_PROVIDER, terminates the order and releases the hold', async () => {
    const family = await createFamily(t.db);
    // Below Vipps' minimum amount (100 øre): createPayment answers 400.
    const course = await createCourse(t.db, { maximumParticipants: 1, priceOre: ore(50) });
    const res = await t.http('POST', '/api/vipps/payment', { token: await tokenOf(family), body: body(family, course) });
    expect(res.status).toBe(502);
    expect(res.json.error.code).toBe('PAYMENT_PROVIDER');
    expect(res.text).not.toMatch(/øre|minimum|Value/i);
    expect((await ordersOf(family)).map((o) => o.status)).toEqual(['terminated']);
    expect(await liveHolds(course.id)).toBe(0);
  });

  it('is rate limited per user', async () => {
    const family = await createFamily(t.db, { children: 6 });
    const token = await tokenOf(family);
    const statuses: number[] = [];
    for (const child of family.children) {
      const course = await createCourse(t.db);
      statuses.push((await t.http('POST', '/api/vipps/payment', { token, body: body(family, course, { childId: child.id }) })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('payment status access', () => {
  it('answers the buyer, the co-guardian and an admin; 404 for anybody else', async () => {
    const family = await createFamily(t.db, { guardians: 2 });
    const course = await createCourse(t.db);
    const start = await t.http('POST', '/api/vipps/payment', { token: await tokenOf(family), body: body(family, course) });
    expect(start.status).toBe(200);
    const [order] = await ordersOf(family);
    const path = `/api/vipps/payment/${order!.reference}?at=ignored`;

    const own = await t.http('GET', path, { token: await tokenOf(family) });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ state: 'CREATED', status: 'created', label: 'Opprettet', enrolled: false });
    expect((await t.http('GET', path, { token: await tokenOf(family, 1) })).status).toBe(200);
    const admin = await createUser(t.db, { roles: ['admin'] });
    expect((await t.http('GET', path, { token: await t.token(admin.id) })).status).toBe(200);

    const stranger = await createFamily(t.db);
    const other = await t.http('GET', path, { token: await tokenOf(stranger) });
    expect(other.status).toBe(404);
    expect(other.text).not.toContain(family.children[0]!.firstName);
    expect((await t.http('GET', '/api/vipps/payment/plask-000000000000000000000000', { token: await tokenOf(family) })).status).toBe(404);
    expect((await t.http('GET', '/api/vipps/payment/bad_ref!', { token: await tokenOf(family) })).status).toBe(400);
    expect((await t.http('GET', path)).status).toBe(401);
  });
});
