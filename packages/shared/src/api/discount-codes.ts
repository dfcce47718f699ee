import { z } from '../zod';
import { idSchema } from '../ids';
import { calendarDay, isoDateTime, oreAmount, wholeNumber } from './common';

/**
 * Discount codes ('Rabattkode', decision 058): a percentage or an amount off one order, valid on Oslo days
 * [validFrom, validTo], with limits on total uses and uses per family, and optionally only some courses or venues.
 */
export const DISCOUNT_CODE_MAX_LENGTH = 32;
/** The dialog checks a code only from this length (each check counts against the guessing limit). */
export const DISCOUNT_CODE_MIN_LENGTH = 4;
/** Codes are case-insensitive: stored and compared in capitals, without surrounding spaces. */
export const normalizeDiscountCode = (code: string): string => code.trim().toLocaleUpperCase('nb-NO');

const codeText = `Rabattkoden må ha ${DISCOUNT_CODE_MIN_LENGTH}–${DISCOUNT_CODE_MAX_LENGTH} tegn: bokstaver, tall og bindestrek.`;
export const discountCodeText = z
  .string(codeText)
  .max(100, codeText)
  .transform(normalizeDiscountCode)
  .pipe(z.string().min(DISCOUNT_CODE_MIN_LENGTH, codeText).max(DISCOUNT_CODE_MAX_LENGTH, codeText).regex(/^[A-Z0-9ÆØÅ-]+$/, codeText));

const limit = (what: string) => wholeNumber(1, 1_000_000, what).nullable();
const fields = {
  validFrom: calendarDay,
  validTo: calendarDay,
  /** null: no limit. */
  maxUses: limit('Antall bruk totalt'),
  maxUsesPerFamily: limit('Antall bruk per familie'),
  /** Empty: every course (and every venue). A course matches when it is listed or its venue is. */
  courseIds: z.array(idSchema).max(200).default([]),
  venueIds: z.array(idSchema).max(200).default([]),
};
const value = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('percent'), percent: wholeNumber(1, 100, 'Prosenten') }),
    z.object({ kind: z.literal('amount'), amountKr: wholeNumber(1, 100_000, 'Beløpet i kr') }),
  ],
  'Velg prosent eller beløp.',
);
const daysInOrder = { message: 'Sluttdatoen kan ikke være før startdatoen', path: ['validTo'] };

/** POST /discount-codes. */
export const discountCodeInputSchema = z
  .object({ code: discountCodeText, ...fields })
  .and(value)
  .refine((v) => v.validTo >= v.validFrom, daysInOrder);
export type DiscountCodeInput = z.infer<typeof discountCodeInputSchema>;

/** PATCH /discount-codes/{id}: everything but the code itself, and 'Avslutt' (retired). */
export const discountCodePatchSchema = z
  .object({ ...fields, retired: z.boolean() })
  .and(value)
  .refine((v) => v.validTo >= v.validFrom, daysInOrder);
export type DiscountCodePatch = z.infer<typeof discountCodePatchSchema>;

export const discountCodeSchema = z.object({
  _id: idSchema,
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  percent: z.number().nullable(),
  amountKr: z.number().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  maxUses: z.number().nullable(),
  maxUsesPerFamily: z.number().nullable(),
  courseIds: z.array(z.string()),
  venueIds: z.array(z.string()),
  /** Paid orders and live payment holds that took the code. */
  uses: z.number().int(),
  retired: z.boolean(),
  createdAt: isoDateTime,
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;
export const discountCodeListSchema = z.array(discountCodeSchema);

/** GET /discount-codes/check?userId&childId&courseId&code: the code's rule for this booking, or why it does not apply. */
export const discountCodeCheckQuerySchema = z.object({ userId: idSchema, childId: idSchema, courseId: idSchema, code: discountCodeText });
export const discountCodeCheckSchema = z.object({
  code: z.string(),
  rule: z.union([z.object({ percent: z.number().int().min(1).max(100) }), z.object({ amountOre: oreAmount })]),
});
export type DiscountCodeCheck = z.infer<typeof discountCodeCheckSchema>;
