import { z } from '../zod';
import { ORDER_STATUSES } from '../constants';
import { idSchema } from '../ids';
import { isoDateTime } from './common';

/** The Vipps reference, also the paymentId in `/vipps/payment/{paymentId}`. */
export const PAYMENT_REFERENCE_PATTERN = /^[a-zA-Z0-9-]{8,50}$/;

/** POST /api/vipps/payment?at=…: `at` (the spec's token in the URL) is accepted and ignored; send Authorization. */
export const paymentStartQuerySchema = z.object({ at: z.string().max(8192).optional() });
export const paymentStartInputSchema = z.object({ userId: idSchema, childId: idSchema, courseId: idSchema });
export type PaymentStartInput = z.infer<typeof paymentStartInputSchema>;
/** Send the browser to redirectUrl (Vipps' landing page or app). */
export const paymentStartResponseSchema = z.object({ redirectUrl: z.string().url() });

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
