import { z } from 'zod';
import { ORDER_EVENT_NAMES, oreAmount } from '@app/shared';

/** ePayment v1 wire shapes (E0 epayment.v1.yml), as far as this product reads them. Unknown fields are dropped. */

export const moneySchema = z.object({
  currency: z.enum(['NOK', 'DKK', 'EUR']),
  /** Minor units: øre for NOK. */
  value: oreAmount,
});

export const PAYMENT_STATES = ['CREATED', 'AUTHORIZED', 'ABORTED', 'EXPIRED', 'TERMINATED'] as const;
export const paymentStateSchema = z.enum(PAYMENT_STATES);

export const paymentEventNameSchema = z.enum(ORDER_EVENT_NAMES);

const aggregateSchema = z.object({
  authorizedAmount: moneySchema,
  cancelledAmount: moneySchema,
  capturedAmount: moneySchema,
  refundedAmount: moneySchema,
});

export const createPaymentResponseSchema = z.object({
  redirectUrl: z.string(),
  reference: z.string(),
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;

export const paymentSchema = z.object({
  aggregate: aggregateSchema,
  amount: moneySchema,
  state: paymentStateSchema,
  paymentMethod: z.object({ type: z.string(), cardBin: z.string().optional() }).optional(),
  profile: z.object({ sub: z.string().optional() }).optional(),
  pspReference: z.string(),
  reference: z.string(),
  redirectUrl: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentEventSchema = z.object({
  reference: z.string(),
  pspReference: z.string(),
  name: paymentEventNameSchema,
  amount: moneySchema,
  timestamp: z.string(),
  idempotencyKey: z.string().nullish(),
  success: z.boolean(),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;
export const paymentEventsSchema = z.array(paymentEventSchema);

export const modificationResponseSchema = z.object({
  amount: moneySchema,
  state: paymentStateSchema,
  aggregate: aggregateSchema,
  pspReference: z.string(),
  reference: z.string(),
});
export type ModificationResponse = z.infer<typeof modificationResponseSchema>;

/** A Vipps access token as `/accesstoken/get` sends it: numbers come as strings. */
export const accessTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
});

export const registerWebhookResponseSchema = z.object({ id: z.string(), secret: z.string() });
export const webhookListSchema = z.object({
  webhooks: z.array(z.object({ id: z.string(), url: z.string(), events: z.array(z.string()) })),
});
export type RegisteredWebhook = z.infer<typeof webhookListSchema>['webhooks'][number];

/** The ePayment event types to subscribe to (brief §3). */
export const EPAYMENT_WEBHOOK_EVENTS = ORDER_EVENT_NAMES.map((name) => `epayments.payment.${name.toLowerCase()}.v1`);

/** Body of an ePayment webhook, parsed only after `verifyWebhook`; delivery is at least once (handlers are idempotent). */
export const webhookEventSchema = paymentEventSchema.extend({ msn: z.string() });
