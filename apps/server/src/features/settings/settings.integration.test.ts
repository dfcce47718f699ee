import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CANCELLATION_RULES } from '@app/shared';
import { contextFor } from '../../context';
import { orders, settingVersions } from '../../db/schema';
import { createCourse, createFamily, createUser } from '../../test/builders';
import { creditMonths, settingsOfVersion } from '../../domain/settings/settings';
import { startBookingTest, type BookingTest } from '../../test/booking';

/** The versioned settings store (decision 054): slices, versions per slice, the slice's lock, and what keeps a version. */
let t: BookingTest;
let admin: string;
let parent: string;
beforeAll(async () => {
  // A deployment that set CREDIT_MONTHS: the slice starts at the environment's value.
  t = await startBookingTest({ registerWebhook: false, env: { CREDIT_MONTHS: '9' } });
  admin = await t.token((await createUser(t.db, { roles: ['admin', 'parent'], firstName: 'Ada', lastName: 'Admin' })).id);
  parent = await t.token((await createFamily(t.db)).guardians[0]!.id);
});
afterAll(() => t.close());

const stored = (slice: string) => t.db.select().from(settingVersions).where(eq(settingVersions.slice, slice));
const overview = async () => {
  const res = await t.http('GET', '/api/settings', { token: admin });
  expect(res.status, res.text).toBe(200);
  return res.json;
};

describe('the settings store', () => {
  it('starts a knob at the environment, and the cancellation rules at their migrated version 1', async () => {
    const json = await overview();
    expect(json.credit).toEqual([{ version: 1, value: { months: 9 }, createdAt: null, changedBy: null }]);
    expect(json.cancellation).toEqual([{ version: 1, value: DEFAULT_CANCELLATION_RULES, createdAt: expect.any(String), changedBy: null }]);
    expect(await stored('credit')).toEqual([]);
    expect(await creditMonths(t.ctx)).toBe(9);
  });

  it('a change is a new version; the first change keeps the defaults as version 1; credit is read from the store', async () => {
    const put = await t.http('PUT', '/api/settings/credit', { token: admin, body: { months: 3 } });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({ version: 2, value: { months: 3 }, changedBy: 'Ada Admin' });
    const json = await overview();
    expect(json.credit.map((v: { version: number; value: unknown; changedBy: string | null }) => [v.version, v.value, v.changedBy])).toEqual([
      [2, { months: 3 }, 'Ada Admin'],
      [1, { months: 9 }, null],
    ]);
    expect(await creditMonths(t.ctx)).toBe(3);
  });

  it('bad input: 400 with a Norwegian message, nothing written', async () => {
    const before = (await stored('credit')).length;
    for (const body of [{ months: 0 }, { months: 61 }, { months: 2.5 }, { months: '6' }, {}]) {
      const res = await t.http('PUT', '/api/settings/credit', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION');
    }
    const bad = await t.http('PUT', '/api/settings/credit', { token: admin, body: { months: 0 } });
    expect(bad.json.error.message).toContain('Gyldighet må være et helt antall måneder fra 1 til 60.');
    const rules = await t.http('PUT', '/api/settings/cancellation', { token: admin, body: { ...DEFAULT_CANCELLATION_RULES, lateFee: { kind: 'percent', percent: 150 } } });
    expect(rules.status).toBe(400);
    expect((await t.http('PUT', '/api/settings/prices', { token: admin, body: { months: 3 } })).status).toBe(400);
    expect((await t.http('PUT', '/api/settings/credit', { token: parent, body: { months: 4 } })).status).toBe(403);
    expect((await stored('credit')).length).toBe(before);
    expect(await stored('cancellation')).toHaveLength(1);
  });

  it('writers of one slice take turns: versions count without gaps or a lost change', async () => {
    const before = (await stored('credit')).length;
    const results = await Promise.all(
      [4, 5, 6, 7, 8, 10].map((months) => t.http('PUT', '/api/settings/credit', { token: admin, body: { months } })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results.map((r) => r.json.version).sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6].map((n) => before + n));
    const rows = await stored('credit');
    expect(rows.map((r) => r.version).sort((a, b) => a - b)).toEqual(Array.from({ length: before + 6 }, (_, i) => i + 1));
  });

  it('an order keeps the cancellation version it was bought under, through the store', async () => {
    const course = await createCourse(t.db);
    const book = async () => {
      const family = await createFamily(t.db);
      const token = await t.token(family.guardians[0]!.id);
      const res = await t.http('POST', '/api/vipps/payment', { token, body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId: course.id } });
      expect(res.status, res.text).toBe(200);
      return (await t.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id)))[0]!;
    };
    const early = await book();
    expect(early.cancellationRulesVersion).toBe(1);
    const changed = { fullRefundDaysBefore: 3, lateFee: { kind: 'fixed', amountOre: 5_000 }, afterStart: 'remaining' } as const;
    const put = await t.http('PUT', '/api/settings/cancellation', { token: admin, body: changed });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({ version: 2, value: changed, changedBy: 'Ada Admin' });
    // The public route reads the same store, in its own shape.
    expect((await t.http('GET', '/api/cancellation-rules')).json).toMatchObject({ version: 2, rules: changed, changedBy: 'Ada Admin' });
    const later = await book();
    expect(later.cancellationRulesVersion).toBe(2);
    expect((await t.db.select().from(orders).where(eq(orders.id, early.id)))[0]!.cancellationRulesVersion).toBe(1);
    const ctx = contextFor(t.app);
    expect((await settingsOfVersion(ctx, 'cancellation', 1))?.value).toEqual(DEFAULT_CANCELLATION_RULES);
    expect((await settingsOfVersion(ctx, 'cancellation', 2))?.value).toEqual(changed);
    expect(await settingsOfVersion(ctx, 'cancellation', 3)).toBeUndefined();
  });
});
