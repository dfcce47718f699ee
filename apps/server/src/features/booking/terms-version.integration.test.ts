import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createCourse, createFamily, createTerm, createUser } from '../../test/builders';
import { startBookingTest, type BookingTest } from '../../test/booking';

/** An order records the version of the terms its parent accepted by starting the payment. */
let t: BookingTest;
beforeAll(async () => {
  t = await startBookingTest({ registerWebhook: false });
});
afterAll(() => t.close());

const book = async (token: string, family: Awaited<ReturnType<typeof createFamily>>, courseId: string) => {
  const res = await t.http('POST', '/api/vipps/payment', {
    token,
    body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId },
  });
  expect(res.status, res.text).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
  return order!;
};

describe('terms version on an order', () => {
  it('is null before the terms have versions, then the version in force when the payment started', async () => {
    await createTerm(t.db, { text: 'Første regel.' });
    const course = await createCourse(t.db);
    const admin = await createUser(t.db, { roles: ['admin', 'parent'] });
    const adminToken = await t.token(admin.id);

    const early = await createFamily(t.db);
    const earlyToken = await t.token(early.guardians[0]!.id);
    expect((await book(earlyToken, early, course.id)).termsVersion).toBeNull();

    // The admin changes the terms twice: version 1 (the terms before) and 2 (created), then 3 (updated).
    const created = await t.http('POST', '/api/terms-and-conditions', { token: adminToken, body: { category: 'Betaling', text: 'Betal i Vipps.' } });
    expect(created.status).toBe(201);
    const family = await createFamily(t.db);
    const familyToken = await t.token(family.guardians[0]!.id);
    const order = await book(familyToken, family, course.id);
    expect(order.termsVersion).toBe(2);

    await t.http('PATCH', `/api/terms-and-conditions/${created.json._id}`, { token: adminToken, body: { text: 'Betal i Vipps, takk.' } });
    const later = await createFamily(t.db);
    const laterOrder = await book(await t.token(later.guardians[0]!.id), later, course.id);
    expect(laterOrder.termsVersion).toBe(3);

    // The parent and an admin see it on the order; the version itself still shows the text as it was.
    const status = await t.http('GET', `/api/vipps/payment/${order.reference}`, { token: familyToken });
    expect(status.json.order.termsVersion).toBe(2);
    const asAdmin = await t.http('GET', `/api/vipps/payment/${order.reference}`, { token: adminToken });
    expect(asAdmin.json.order.termsVersion).toBe(2);
    const v2 = await t.http('GET', '/api/terms-and-conditions/versions/2', { token: adminToken });
    expect(v2.json.terms.map((x: { text: string }) => x.text)).toContain('<p>Betal i Vipps.</p>');
  });
});
