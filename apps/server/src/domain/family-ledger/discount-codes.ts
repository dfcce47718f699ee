import { krToOre, ore, osloDateKey, type DiscountRule, type ErrorCode } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repo from '../../repos/discount-codes.repo';

/**
 * Discount codes (decision 058): does a code apply to this booking now? The code's text is normalised (capitals) by
 * the contract. A retired code is unknown; the limits count paid orders and live payment holds that took it.
 */

/**
 * The guessing limit: every code a user sends (the dialog's checks and payment starts with a code) counts in one
 * counter, this many per window (decision 058).
 */
export const DISCOUNT_CODE_GUESSES = { name: 'discount-code', max: 10, windowMs: 15 * 60_000 } as const;

/** Why a code does not apply: the check's and the payment start's refusals. */
export const DISCOUNT_CODE_REFUSALS: ErrorCode[] = [
  'DISCOUNT_CODE_UNKNOWN',
  'DISCOUNT_CODE_EXPIRED',
  'DISCOUNT_CODE_NOT_YET_VALID',
  'DISCOUNT_CODE_USED_UP',
  'DISCOUNT_CODE_NOT_FOR_COURSE',
];
/** A code that applies: its rule for `priceOrder`, its text for the order's line, its id for the order. */
export type CodeRule = DiscountRule & { code: string; id: string };

export interface CodeFacts {
  course: { id: string; placeId: string };
  /** The child's family (null: none, so no family limit to count). */
  profileId: string | null;
  now: Date;
}

/** The rule a code row gives. */
export const ruleOf = (row: repo.DiscountCodeRow): DiscountRule =>
  row.kind === 'percent' ? { percent: row.percent! } : { amountOre: row.amountOre ?? ore(0) };

/**
 * The code's rule for this booking, or an AppError saying why not (unknown, not yet valid, expired, not for this
 * course, used up). `lock`: the code's row is locked first (in the payment start's transaction, after the family's row),
 * so the last use goes to one family only.
 */
export async function checkCode(db: DbOrTx, code: string, facts: CodeFacts, lock = false): Promise<CodeRule> {
  const found = await repo.findCodeWithUses(db, code, facts.profileId, lock);
  if (!found || found.row.retiredAt) throw new AppError('DISCOUNT_CODE_UNKNOWN', 'Unknown discount code');
  const { row, uses, familyUses } = found;
  const today = osloDateKey(facts.now);
  if (today < row.validFrom) throw new AppError('DISCOUNT_CODE_NOT_YET_VALID', 'The discount code is not valid yet', { validFrom: row.validFrom });
  if (today > row.validTo) throw new AppError('DISCOUNT_CODE_EXPIRED', 'The discount code has expired');
  const anywhere = row.courseIds.length === 0 && row.venueIds.length === 0;
  if (!anywhere && !row.courseIds.includes(facts.course.id) && !row.venueIds.includes(facts.course.placeId)) {
    throw new AppError('DISCOUNT_CODE_NOT_FOR_COURSE', 'The discount code is not for this course');
  }
  if ((row.maxUses !== null && uses >= row.maxUses) || (row.maxUsesPerFamily !== null && familyUses >= row.maxUsesPerFamily)) {
    throw new AppError('DISCOUNT_CODE_USED_UP', 'The discount code is used up');
  }
  return { ...ruleOf(row), code: row.code, id: row.id };
}

/** The admin's value fields as the table keeps them. */
export const valueColumns = (input: { kind: 'percent'; percent: number } | { kind: 'amount'; amountKr: number }) =>
  input.kind === 'percent' ? { kind: 'percent', percent: input.percent, amountOre: null } : { kind: 'amount', percent: null, amountOre: krToOre(input.amountKr) };
