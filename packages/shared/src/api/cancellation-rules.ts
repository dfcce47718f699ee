import { z } from '../zod';
import { isoDateTime } from './common';

/**
 * The school's cancellation rules (issue 40), versioned like the terms: every change makes a new version, and an
 * order keeps the version it was bought under. Amounts are whole øre.
 *
 * - a full refund until `fullRefundDaysBefore` days before the first date (that day included, Oslo time);
 * - then, until the first date starts, a refund less `lateFee` (fixed øre, or a percentage of what was paid);
 * - after the start, `afterStart`: no refund, the remaining dates' share, or 'etter avtale' (the admin decides).
 */
export const CANCELLATION_AFTER_START = ['none', 'remaining', 'byAgreement'] as const;
export type CancellationAfterStart = (typeof CANCELLATION_AFTER_START)[number];

export const cancellationFeeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), amountOre: z.number().int().min(0).max(100_000_000) }),
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
  .refine((v) => v.feeKind === 'percent' || Math.abs(v.fee * 100 - Math.round(v.fee * 100)) < 1e-6, { path: ['fee'], message: 'Beløpet kan ha høyst to desimaler.' });
export type CancellationRulesForm = z.infer<typeof cancellationRulesFormSchema>;

export const toCancellationRules = (form: CancellationRulesForm): CancellationRules => ({
  fullRefundDaysBefore: form.fullRefundDaysBefore,
  lateFee: form.feeKind === 'fixed' ? { kind: 'fixed', amountOre: Math.round(form.fee * 100) } : { kind: 'percent', percent: form.fee },
  afterStart: form.afterStart,
});

export const toCancellationRulesForm = (rules: CancellationRules): CancellationRulesForm => ({
  fullRefundDaysBefore: rules.fullRefundDaysBefore,
  feeKind: rules.lateFee.kind,
  fee: rules.lateFee.kind === 'fixed' ? rules.lateFee.amountOre / 100 : rules.lateFee.percent,
  afterStart: rules.afterStart,
});
