/** Orders in the back office (spec §7 GET /payments): the list, refunds and cancellation through Vipps. Admin only. */
import { z } from '../zod';
import { ORDER_STATUSES, ORDERS_DEFAULT_LIMIT } from '../constants';
import { idSchema } from '../ids';
import { discountLinesSchema, familyLapsesSchema } from './booking';
import { cancellationSchema } from './cancellation-rules';
import { calendarDay, isoDateTime, oreAmount, oreBetween } from './common';

/** A buyer or child named in an order; a deleted one keeps the order with `_id` null ('Slettet bruker', decision 008). */
const personName = z.object({ _id: idSchema.nullable(), firstName: z.string(), lastName: z.string() });

const moneySchema = z.object({ value: oreAmount, currency: z.string() });

export const orderEventSchema = z.object({
  name: z.string(),
  pspReference: z.string(),
  /** Minor units (øre). */
  amount: moneySchema,
  timestamp: isoDateTime,
  success: z.boolean(),
});

/** Spec §3 Order. Amounts in øre (minor units); `enrolled`: the child still holds the place this order bought. */
export const adminOrderSchema = z.object({
  _id: idSchema,
  status: z.enum(ORDER_STATUSES),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  provider: z.string(),
  reference: z.string(),
  humanReference: z.string(),
  amount: oreAmount,
  capturedAmount: oreAmount,
  refundedAmount: oreAmount,
  /** The discounts taken off the list price (decision 058). */
  discounts: discountLinesSchema,
  additionalInfo: z.object({
    profile: idSchema.nullable(),
    user: personName.nullable(),
    child: personName.nullable(),
    course: z.object({ _id: idSchema, name: z.string(), place: z.string().nullable() }).nullable(),
  }),
  enrolled: z.boolean(),
  /** An admin moved the child (issue 38): the order follows it; each move, oldest first, with the courses' names. */
  moves: z.array(z.object({ from: z.string(), to: z.string(), at: isoDateTime })),
  events: z.array(orderEventSchema),
  /** An open payment incident: Vipps' own record contradicts this enrolled order (the admin resolves it). */
  incident: z.object({ _id: idSchema, reason: z.string(), vippsState: z.string().nullable(), createdAt: isoDateTime }).nullable().optional(),
  /** The ordering family's lapses and payment pause (issue 36); absent on an order without a family. */
  familyLapses: familyLapsesSchema.optional(),
  /** The parent's cancellation (issue 40): 'requested' waits for the admin's answer ('etter avtale'). */
  cancellation: cancellationSchema.nullable().optional(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** GET /payments: newest first, `page` from 1; `from`/`to` are Oslo calendar days, both included. */
export const ordersQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(ORDERS_DEFAULT_LIMIT),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    status: z.enum(ORDER_STATUSES).optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    /** The order's reference (Vipps's or the receipt's), or a name of the buyer or a guardian of the family. */
    q: z.string().trim().max(100).optional(),
    /** 'open': only orders with an open payment incident (the dashboard's 'Drift' links here, issue 52). */
    incident: z.literal('open').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Fra-dato må være før til-dato', path: ['to'] });
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

export const ordersPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  orders: z.array(adminOrderSchema),
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/** Chosen when the dialog opens and sent again on a repeated click: the same key refunds once. */
const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'Ugyldig idempotensnøkkel');

export const refundInputSchema = z.object({
  /** øre, at most what is captured and not yet refunded (the server checks against Vipps). */
  amount: oreBetween(1, 65_000_000),
  /** Take the child off the course as well (only when the admin chooses so). */
  removeFromCourse: z.boolean(),
  idempotencyKey: idempotencyKeySchema,
});
export type RefundInput = z.infer<typeof refundInputSchema>;

/** How an admin resolves a payment incident, always with a note: refund, 'Betalt på annen måte', 'Ta barnet av kurset'. */
export const INCIDENT_OUTCOMES = ['refund', 'paid-elsewhere', 'remove-child'] as const;
export type IncidentOutcome = (typeof INCIDENT_OUTCOMES)[number];
export const incidentNoteSchema = z.string().trim().min(1, 'Skriv et notat').max(1000, 'Notatet kan være høyst 1000 tegn');
export const incidentResolutionInputSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('refund'), note: incidentNoteSchema, amount: refundInputSchema.shape.amount, removeFromCourse: z.boolean(), idempotencyKey: idempotencyKeySchema }),
  z.object({ outcome: z.literal('paid-elsewhere'), note: incidentNoteSchema }),
  z.object({ outcome: z.literal('remove-child'), note: incidentNoteSchema }),
]);
export type IncidentResolutionInput = z.infer<typeof incidentResolutionInputSchema>;

/** A payment incident with its resolution: who, when, which outcome and the note. */
export const paymentIncidentSchema = z.object({
  _id: idSchema,
  orderId: idSchema,
  reason: z.string(),
  vippsState: z.string().nullable(),
  createdAt: isoDateTime,
  resolvedAt: isoDateTime.nullable(),
  resolvedBy: personName.nullable(),
  outcome: z.enum(INCIDENT_OUTCOMES).nullable(),
  note: z.string().nullable(),
});
export type PaymentIncident = z.infer<typeof paymentIncidentSchema>;

export const cancelInputSchema = z.object({ removeFromCourse: z.boolean(), idempotencyKey: idempotencyKeySchema });
export type CancelInput = z.infer<typeof cancelInputSchema>;
