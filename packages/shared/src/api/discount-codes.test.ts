import { describe, expect, it } from 'vitest';
import { discountCodeCheckQuerySchema, discountCodeInputSchema, normalizeDiscountCode } from './discount-codes';

const ids = { userId: 'a'.repeat(24), childId: 'b'.repeat(24), courseId: 'c'.repeat(24) };

describe('discount code text', () => {
  it('is case-insensitive: capitals, without surrounding spaces', () => {
    expect(normalizeDiscountCode('  vår-10 ')).toBe('VÅR-10');
    expect(discountCodeCheckQuerySchema.parse({ ...ids, code: 'var2027' }).code).toBe('VAR2027');
  });

  it('has 4 to 32 letters, digits or dashes', () => {
    for (const code of ['ABC', 'A'.repeat(33), 'AB CD', 'AB%CD', '']) {
      expect(discountCodeCheckQuerySchema.safeParse({ ...ids, code }).success, code).toBe(false);
    }
    expect(discountCodeCheckQuerySchema.safeParse({ ...ids, code: 'A'.repeat(32) }).success).toBe(true);
  });
});

describe('the admin input', () => {
  const base = { code: 'VAR2027', validFrom: '2027-01-01', validTo: '2027-06-30', maxUses: null, maxUsesPerFamily: 1 };
  it('takes a percentage or an amount, and lists default to every course', () => {
    expect(discountCodeInputSchema.parse({ ...base, kind: 'percent', percent: 10 })).toMatchObject({ kind: 'percent', percent: 10, courseIds: [], venueIds: [] });
    expect(discountCodeInputSchema.parse({ ...base, kind: 'amount', amountKr: 150 })).toMatchObject({ kind: 'amount', amountKr: 150 });
  });
  it('refuses a percentage outside 1–100, days in the wrong order, a limit of 0', () => {
    expect(discountCodeInputSchema.safeParse({ ...base, kind: 'percent', percent: 0 }).success).toBe(false);
    expect(discountCodeInputSchema.safeParse({ ...base, kind: 'percent', percent: 10, validTo: '2026-12-31' }).success).toBe(false);
    expect(discountCodeInputSchema.safeParse({ ...base, kind: 'amount', amountKr: 150, maxUses: 0 }).success).toBe(false);
  });
});
