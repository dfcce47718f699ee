import { z } from '../zod';
import { ORDER_STATUSES } from '../constants';
import { idSchema } from '../ids';
import { isoDateTime, oreAmount } from './common';
import { discountCodeText } from './discount-codes';

/** The Vipps reference, also the paymentId in `/vipps/payment/{paymentId}`. */
export const PAYMENT_REFERENCE_PATTERN = /^[a-zA-Z0-9-]{8,50}$/;

/** POST /api/vipps/payment?at=…: `at` (the spec's token in the URL) is accepted and ignored; send Authorization. */
export const paymentStartQuerySchema = z.object({ at: z.string().max(8192).optional() });
export const paymentStartInputSchema = z.object({ userId: idSchema, childId: idSchema, courseId: idSchema });
export type PaymentStartInput = z.infer<typeof paymentStartInputSchema>;
/** POST /api/vipps/payment: the booking, and the discount code the dialog accepted (decision 058), if any. */
export const paymentStartBodySchema = paymentStartInputSchema.extend({ discountCode: discountCodeText.optional() });
export type PaymentStartBody = z.infer<typeof paymentStartBodySchema>;
/** Send the browser to redirectUrl (Vipps' landing page or app). */
export const paymentStartResponseSchema = z.object({ redirectUrl: z.string().url() });

/** An order's discount lines (decision 058), in the order applied; `code` on a code's line. */
export const discountLinesSchema = z.array(z.object({ kind: z.enum(['sibling', 'code']), amountOre: oreAmount, code: z.string().optional() }));

/** A discount rule: a percentage, or an amount in øre (price.ts `DiscountRule`). */
const discountRuleSchema = z.union([z.object({ percent: z.number().int().min(0).max(100) }), z.object({ amountOre: oreAmount })]);

/** GET /api/vipps/price?userId&childId&courseId: the discounts a payment start would take now (the dialog prices them). */
export const priceRulesAnswerSchema = z.object({ sibling: discountRuleSchema.nullable() });
export type PriceRulesAnswer = z.infer<typeof priceRulesAnswerSchema>;

export const paymentIdParamsSchema = z.object({
  paymentId: z.string().regex(PAYMENT_REFERENCE_PATTERN, 'Ugyldig betalings-id'),
});

/** GET /api/vipps/payment/{paymentId}: the status upper-cased, its spec §4 label; `enrolled` when AUTHORIZED or CAPTURED. */
export const paymentStatusSchema = z.object({
  paymentId: z.string(),
  state: z.string(),
  status: z.enum(ORDER_STATUSES),
  label: z.string(),
  enrolled: z.boolean(),
  order: z.object({
    reference: z.string(),
    humanReference: z.string(),
    /** kr */
    amount: z.number(),
    /** The discounts taken off the list price; empty for an order without any. */
    discounts: discountLinesSchema,
    createdAt: isoDateTime,
    course: z
      .object({
        _id: z.string(),
        name: z.string(),
        /** The venue's name. */
        place: z.string(),
        dates: z.array(isoDateTime),
        timeFrom: z.string(),
        timeTo: z.string(),
      })
      .nullable(),
    child: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
    /** The version of the terms the parent accepted when starting the payment; null for orders from before. */
    termsVersion: z.number().int().nullable(),
  }),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** POST /api/vipps/webhooks answers Vipps with this once the event is stored (or ignored). */
export const webhookAckSchema = z.object({ ok: z.literal(true) });

/** A family's lapsed holds and offers of the last 30 days, and the cool-down's end after repeated ones (decision 035). */
export const familyLapsesSchema = z.object({
  lapses: z.number().int().min(0),
  pausedUntil: isoDateTime.nullable(),
});
export type FamilyLapses = z.infer<typeof familyLapsesSchema>;
