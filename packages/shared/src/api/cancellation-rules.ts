import { z } from '../zod';
import { calendarDay, isoDateTime, oreAmount, oreBetween } from './common';
import { discountLinesSchema } from './booking';
import { isWholeOre, krToOre, oreToKr } from '../money';

/** Cancellation rules, versioned: full refund until N days before, then less `lateFee` until the start, then `afterStart`. */
export const CANCELLATION_AFTER_START = ['none', 'remaining', 'byAgreement'] as const;

export const cancellationFeeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), amountOre: oreBetween(0, 100_000_000) }),
  z.object({ kind: z.literal('percent'), percent: z.number().int().min(0).max(100) }),
]);
export type CancellationFee = z.infer<typeof cancellationFeeSchema>;

export const cancellationRulesSchema = z.object({
  fullRefundDaysBefore: z.number().int().min(0).max(365),
  lateFee: cancellationFeeSchema,
  afterStart: z.enum(CANCELLATION_AFTER_START),
});
export type CancellationRules = z.infer<typeof cancellationRulesSchema>;

/** The rules every installation starts with (migration 0017 writes them as version 1). */
export const DEFAULT_CANCELLATION_RULES: CancellationRules = {
  fullRefundDaysBefore: 14,
  lateFee: { kind: 'percent', percent: 25 },
  afterStart: 'none',
};

export const cancellationRulesVersionSchema = z.object({
  version: z.number().int(),
  rules: cancellationRulesSchema,
  createdAt: isoDateTime,
  /** Who made the change ('Fornavn Etternavn'), null for the first version or a deleted admin. */
  changedBy: z.string().nullable(),
});
export type CancellationRulesVersion = z.infer<typeof cancellationRulesVersionSchema>;
export const cancellationRulesVersionListSchema = z.array(cancellationRulesVersionSchema);

/** The admin's form for the rules: flat fields (the fee in kr or in percent), turned into the rules by toCancellationRules. */
export const cancellationRulesFormSchema = z
  .object({
    fullRefundDaysBefore: z.number().int().min(0).max(365),
    feeKind: z.enum(['fixed', 'percent']),
    /** Kr for a fixed fee (øre allowed: 12.5), whole percent otherwise. */
    fee: z.number().min(0).max(1_000_000),
    afterStart: z.enum(CANCELLATION_AFTER_START),
  })
  .refine((v) => v.feeKind === 'fixed' || (Number.isInteger(v.fee) && v.fee <= 100), { path: ['fee'], message: 'Prosent må være et helt tall fra 0 til 100.' })
  .refine((v) => v.feeKind === 'percent' || isWholeOre(v.fee), { path: ['fee'], message: 'Beløpet kan ha høyst to desimaler.' });
export type CancellationRulesForm = z.infer<typeof cancellationRulesFormSchema>;

export const toCancellationRules = (form: CancellationRulesForm): CancellationRules => ({
  fullRefundDaysBefore: form.fullRefundDaysBefore,
  lateFee: form.feeKind === 'fixed' ? { kind: 'fixed', amountOre: krToOre(form.fee) } : { kind: 'percent', percent: form.fee },
  afterStart: form.afterStart,
});

export const toCancellationRulesForm = (rules: CancellationRules): CancellationRulesForm => ({
  fullRefundDaysBefore: rules.fullRefundDaysBefore,
  feeKind: rules.lateFee.kind,
  fee: rules.lateFee.kind === 'fixed' ? oreToKr(rules.lateFee.amountOre) : rules.lateFee.percent,
  afterStart: rules.afterStart,
});

// ---- a parent's cancellation of a child's place ('Meld av kurset') ------------------------------------------------

export const CANCELLATION_STATUSES = ['requested', 'declined', 'refunding', 'refunded', 'done'] as const;

/** What the parent would get back now, and why (GET), before confirming. Amounts in øre. */
export const cancellationPreviewSchema = z.object({
  orderId: z.string(),
  rulesVersion: z.number().int(),
  outcome: z.enum(['full', 'fee', 'none', 'remaining', 'byAgreement']),
  paidAmount: oreAmount,
  /** Null for 'etter avtale': the admin decides. */
  refundAmount: oreAmount.nullable(),
  /** The part of refundAmount that comes back as family credit (the order was paid partly or wholly with credit). */
  creditAmount: oreAmount,
  feeAmount: oreAmount,
  lastFullRefundDay: z.string().nullable(),
  reason: z.string(),
  rules: cancellationRulesSchema,
});
export type CancellationPreview = z.infer<typeof cancellationPreviewSchema>;

/** The parent confirms with the amount the preview showed: a 409 when the rules now give another (time has passed). */
export const cancellationInputSchema = z.object({ expectedRefund: oreBetween(0, 100_000_000).nullable() }).strict();
export type CancellationInput = z.infer<typeof cancellationInputSchema>;

export const cancellationSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  status: z.enum(CANCELLATION_STATUSES),
  outcome: z.enum(['full', 'fee', 'none', 'remaining', 'byAgreement']),
  refundAmount: oreAmount.nullable(),
  /** The part of refundAmount given back as family credit; the rest goes to Vipps. */
  creditAmount: oreAmount,
  feeAmount: oreAmount,
  adminMessage: z.string().nullable(),
  createdAt: isoDateTime,
});
export type Cancellation = z.infer<typeof cancellationSchema>;

/** The admin's answer to an 'etter avtale' request: approve with an amount (øre, 0 allowed), or decline; a message either way. */
export const cancellationDecisionSchema = z
  .object({
    approve: z.boolean(),
    refundAmount: oreBetween(0, 100_000_000).optional(),
    message: z.string().trim().min(1, 'Skriv en melding til foresatt.').max(2000),
  })
  .strict()
  .refine((v) => !v.approve || v.refundAmount !== undefined, { path: ['refundAmount'], message: 'Skriv inn beløpet som skal refunderes.' });
export type CancellationDecision = z.infer<typeof cancellationDecisionSchema>;

/** GET /profiles/{id}/payments: the family's paid orders on /profil, with their cancellation. Amounts in øre. */
export const familyPaymentSchema = z.object({
  _id: z.string(),
  humanReference: z.string(),
  status: z.string(),
  createdAt: isoDateTime,
  courseName: z.string().nullable(),
  childName: z.string().nullable(),
  /** The course's first and last dates and its venue, so two payments for the same course name tell apart (walk-through 9). */
  courseFirstDate: isoDateTime.nullable(),
  courseLastDate: isoDateTime.nullable(),
  placeName: z.string().nullable(),
  capturedAmount: oreAmount,
  refundedAmount: oreAmount,
  /** The part of the price paid with family credit (issue 52); the price is capturedAmount + creditAmount. */
  creditAmount: oreAmount,
  /** The discounts taken off the list price (decision 058). */
  discounts: discountLinesSchema,
  /** The child is on the course, it has not finished, and nothing was cancelled yet: 'Meld av kurset' is offered. */
  cancellable: z.boolean(),
  cancellation: cancellationSchema.nullable(),
  /** A receipt (kvittering) per capture and refund, through Vipps or as credit: GET /orders/{id}/receipts/{eventId} gives the PDF. */
  receipts: z.array(z.object({ eventId: z.string(), kind: z.enum(['payment', 'refund']), method: z.enum(['vipps', 'credit']), amount: oreAmount, at: isoDateTime })),
});
export type FamilyPayment = z.infer<typeof familyPaymentSchema>;
export const familyPaymentListSchema = z.array(familyPaymentSchema);

// ---- the month-end: the bookkeeping file (admin) ------------------------------------------------------------------

/** GET /payments/bookkeeping: a period's captures and refunds (Oslo calendar days, both included) as CSV or Excel. */
export const bookkeepingQuerySchema = z
  .object({
    from: calendarDay,
    to: calendarDay,
    format: z.enum(['csv', 'xlsx']).default('csv'),
  })
  .refine((q) => q.from <= q.to, { message: 'Fra-dato må være før til-dato', path: ['to'] });
export type BookkeepingQuery = z.infer<typeof bookkeepingQuerySchema>;

// ---- the reconciliation view (admin): the period's money against Vipps' own records -------------------------------

export const RECONCILIATION_REASONS = ['refund-unconfirmed', 'capture-missing', 'not-recorded', 'amount'] as const;
export const reconciliationQuerySchema = z
  .object({ from: calendarDay, to: calendarDay })
  .refine((q) => q.from <= q.to, { message: 'Fra-dato må være før til-dato', path: ['to'] });
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

/** One difference between the product's record of an order and Vipps' events; each is also a payment incident. */
export const reconciliationDifferenceSchema = z.object({
  orderId: z.string(),
  humanReference: z.string(),
  reason: z.enum(RECONCILIATION_REASONS),
  /** What differs, in Norwegian, for the admin. */
  detail: z.string(),
  /** The reconciler can settle it (record Vipps' event, or send the refund that was started). */
  settleable: z.boolean(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;
export const reconciliationSchema = z.object({ ordersChecked: z.number().int(), differences: z.array(reconciliationDifferenceSchema), settled: z.number().int() });
export type Reconciliation = z.infer<typeof reconciliationSchema>;
