import { oreToKr, type DiscountCode, type DiscountCodeCheck, type DiscountCodeInput, type DiscountCodePatch } from '@app/shared';
import { requireAccess, requireAllowed } from '../../access/access';
import type { ServiceContext } from '../../context';
import { mapConstraintErrors } from '../../db/errors';
import { mayBook } from '../../domain/enrolment/may-book';
import { checkCode, valueColumns } from '../../domain/family-ledger/discount-codes';
import { AppError } from '../../lib/app-error';
import * as courses from '../../repos/courses.repo';
import * as profiles from '../../repos/profiles.repo';
import * as repo from '../../repos/discount-codes.repo';

/** Discount codes (decision 058): the admin's list and edits, and the booking dialog's check. */

const toApi = (row: repo.DiscountCodeRow & { uses: number }): DiscountCode => ({
  _id: row.id,
  code: row.code,
  kind: row.kind === 'percent' ? 'percent' : 'amount',
  percent: row.percent,
  amountKr: row.amountOre === null ? null : oreToKr(row.amountOre),
  validFrom: row.validFrom,
  validTo: row.validTo,
  maxUses: row.maxUses,
  maxUsesPerFamily: row.maxUsesPerFamily,
  courseIds: row.courseIds,
  venueIds: row.venueIds,
  uses: row.uses,
  retired: row.retiredAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export async function listCodes(ctx: ServiceContext): Promise<DiscountCode[]> {
  requireAllowed(ctx, 'discount-codes.manage');
  return (await repo.listCodes(ctx.db)).map(toApi);
}

/** The table's columns from the admin's fields (the code itself is normalised by the contract). */
const columnsOf = (input: DiscountCodeInput | DiscountCodePatch) => ({
  ...valueColumns(input),
  validFrom: input.validFrom,
  validTo: input.validTo,
  maxUses: input.maxUses,
  maxUsesPerFamily: input.maxUsesPerFamily,
  courseIds: [...new Set(input.courseIds)],
  venueIds: [...new Set(input.venueIds)],
});

/** A text another code has: DISCOUNT_CODE_TAKEN; a delete of a code an order took: DISCOUNT_CODE_IN_USE. */
const mapped = <T>(write: () => Promise<T>): Promise<T> =>
  mapConstraintErrors(write, {
    taken: () => new AppError('DISCOUNT_CODE_TAKEN', 'Another discount code has that text'),
    inUse: () => new AppError('DISCOUNT_CODE_IN_USE', 'An order took the code: retire it instead'),
  });

export async function createCode(ctx: ServiceContext, input: DiscountCodeInput): Promise<DiscountCode[]> {
  requireAllowed(ctx, 'discount-codes.manage');
  await mapped(() => repo.insertCode(ctx.db, { code: input.code, ...columnsOf(input) }));
  return listCodes(ctx);
}

/** Every field but the code's text; 'Avslutt' retires it (a retired code is unknown to families), and can be undone. */
export async function updateCode(ctx: ServiceContext, id: string, patch: DiscountCodePatch): Promise<DiscountCode[]> {
  await requireAccess(ctx, 'discount-code.write', id);
  const current = (await repo.findCodeById(ctx.db, id))!;
  const retiredAt = patch.retired ? (current.retiredAt ?? ctx.clock.now()) : null;
  await repo.updateCode(ctx.db, id, { ...columnsOf(patch), retiredAt });
  return listCodes(ctx);
}

/** Only a code no order ever took; else DISCOUNT_CODE_IN_USE (retire it). */
export async function deleteCode(ctx: ServiceContext, id: string): Promise<void> {
  await requireAccess(ctx, 'discount-code.write', id);
  await mapped(() => repo.deleteCode(ctx.db, id));
}

/**
 * GET /discount-codes/check: the code's rule for this child and course now, or why it does not apply. The payment
 * start checks again under the locks; this answer only shows the dialog's price.
 */
export async function checkForBooking(ctx: ServiceContext, input: { userId: string; childId: string; courseId: string; code: string }): Promise<DiscountCodeCheck> {
  await mayBook(ctx, input);
  const course = await courses.findCourseDetails(ctx.db, input.courseId);
  const child = await profiles.findChild(ctx.db, input.childId);
  if (!course || !child) throw new AppError('NOT_FOUND', 'Course not found');
  const { code, id: _id, ...rule } = await checkCode(ctx.db, input.code, { course, profileId: child.profileId, now: ctx.clock.now() });
  return { code, rule };
}
