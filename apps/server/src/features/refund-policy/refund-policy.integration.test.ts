import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CANCELLATION_RULES } from '@app/shared';
import { orders } from '../../db/schema';
import { createCourse, createFamily, createUser } from '../../test/builders';
import { startBookingTest, type BookingTest } from '../../test/booking';

/** The cancellation rules are versioned like the terms, and an order keeps the version it was bought under. */
let t: BookingTest;
beforeAll(async () => {
  t = await startBookingTest({ registerWebhook: false });
});
afterAll(() => t.close());

const book = async (family: Awaited<ReturnType<typeof createFamily>>, courseId: string) => {
  const token = await t.token(family.guardians[0]!.id);
  const res = await t.http('POST', '/api/vipps/payment', { token, body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId } });
  expect(res.status, res.text).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
  return order!;
};

describe('cancellation rules', () => {
  it('start as version 1 (the defaults), shown to anyone', async () => {
    const res = await t.http('GET', '/api/cancellation-rules');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ version: 1, rules: DEFAULT_CANCELLATION_RULES, changedBy: null });
  });

  it('a change is a new version; an order keeps the version it was bought under', async () => {
    const course = await createCourse(t.db);
    const admin = await createUser(t.db, { roles: ['admin', 'parent'], firstName: 'Ada', lastName: 'Admin' });
    const adminToken = await t.token(admin.id);

    const early = await book(await createFamily(t.db), course.id);
    expect(early.cancellationRulesVersion).toBe(1);

    const changed = { fullRefundDaysBefore: 7, lateFee: { kind: 'fixed', amountOre: 20_000 }, afterStart: 'byAgreement' } as const;
    const put = await t.http('PUT', '/api/cancellation-rules', { token: adminToken, body: changed });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({ version: 2, rules: changed, changedBy: 'Ada Admin' });

    const later = await book(await createFamily(t.db), course.id);
    expect(later.cancellationRulesVersion).toBe(2);
    const [earlyAgain] = await t.db.select().from(orders).where(eq(orders.id, early.id));
    expect(earlyAgain!.cancellationRulesVersion).toBe(1);

    expect((await t.http('GET', '/api/cancellation-rules')).json.version).toBe(2);
    const versions = await t.http('GET', '/api/cancellation-rules/versions', { token: adminToken });
    expect(versions.json.map((v: { version: number }) => v.version)).toEqual([2, 1]);
  });

  it('bad rules: 400 and nothing written', async () => {
    const admin = await createUser(t.db, { roles: ['admin', 'parent'] });
    const token = await t.token(admin.id);
    const bad = await t.http('PUT', '/api/cancellation-rules', { token, body: { ...DEFAULT_CANCELLATION_RULES, lateFee: { kind: 'percent', percent: 150 } } });
    expect(bad.status).toBe(400);
    expect((await t.http('GET', '/api/cancellation-rules/versions', { token })).json).toHaveLength(2);
  });
});
