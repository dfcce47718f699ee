/**
 * The back office's API contract (spec §7): latest logins, user search, orders with refunds and cancellation, and
 * the payment statistics. Admin only.
 */
import { z } from '../zod';
import {
  LAST_LOGGED_IN_DEFAULT_LIMIT,
  ORDER_STATUSES,
  ORDERS_DEFAULT_LIMIT,
  USER_SEARCH_CATEGORIES,
  USER_SEARCH_MIN_EXCLUSIVE,
} from '../constants';
import { idSchema } from '../ids';
import { familyLapsesSchema } from './booking';
import { cancellationSchema } from './cancellation-rules';
import { calendarDay } from './common';

const isoDateTime = z.string().datetime({ offset: true });
/** A buyer or child named in an order; a deleted one keeps the order with `_id` null ('Slettet bruker', decision 008). */
const personName = z.object({ _id: idSchema.nullable(), firstName: z.string(), lastName: z.string() });

// ---- users -----------------------------------------------------------------------------------------------------

export const lastLoggedInQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(LAST_LOGGED_IN_DEFAULT_LIMIT),
});

/** A user as the admin screens show them; `profile` is the profile to open (/profil/{profile}), if any. */
export const adminUserSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  lastLogin: isoDateTime.nullable(),
  registrationDate: isoDateTime,
  profile: idSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

/** The search text must be more than 2 characters, or '*' (everyone): 'Søk etter mer enn 2 tegn'. */
export const isSearchableText = (text: string): boolean => text.trim() === '*' || text.trim().length > USER_SEARCH_MIN_EXCLUSIVE;

export const userSearchQuerySchema = z.object({
  name: z.string().max(100).refine(isSearchableText, 'Søk etter mer enn 2 tegn'),
  categories: z
    .string()
    .max(100)
    .default(USER_SEARCH_CATEGORIES.join(','))
    .transform((value) => [...new Set(value.split(',').map((c) => c.trim()).filter(Boolean))])
    .pipe(z.array(z.enum(USER_SEARCH_CATEGORIES)).min(1, 'Velg minst én kategori')),
});

export const userSearchHitSchema = z.discriminatedUnion('type', [
  adminUserSchema.extend({ type: z.literal('parent') }),
  z.object({
    type: z.literal('child'),
    _id: idSchema,
    firstName: z.string(),
    lastName: z.string(),
    birthdate: z.string(),
    registrationDate: isoDateTime,
    profile: idSchema,
  }),
]);
export type UserSearchHit = z.infer<typeof userSearchHitSchema>;
/** `total` counts every hit; `users` lists at most USER_SEARCH_MAX_RESULTS of them. No hits at all is a 404. */
export const userSearchResultSchema = z.object({ total: z.number().int(), users: z.array(userSearchHitSchema) });
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

// ---- orders ----------------------------------------------------------------------------------------------------

const moneySchema = z.object({ value: z.number().int(), currency: z.string() });

export const orderEventSchema = z.object({
  name: z.string(),
  pspReference: z.string(),
  /** Minor units (øre). */
  amount: moneySchema,
  timestamp: isoDateTime,
  success: z.boolean(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** Spec §3 Order. Amounts in øre (minor units); `enrolled`: the child still holds the place this order bought. */
export const adminOrderSchema = z.object({
  _id: idSchema,
  status: z.enum(ORDER_STATUSES),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  provider: z.string(),
  reference: z.string(),
  humanReference: z.string(),
  amount: z.number().int(),
  capturedAmount: z.number().int(),
  refundedAmount: z.number().int(),
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
  incident: z.object({ reason: z.string(), vippsState: z.string().nullable(), createdAt: isoDateTime }).nullable().optional(),
  /** The ordering family's lapses and payment pause (issue 36); absent on an order without a family. */
  familyLapses: familyLapsesSchema.optional(),
  /** The parent's cancellation (issue 40): 'requested' waits for the admin's answer ('etter avtale'). */
  cancellation: cancellationSchema.nullable().optional(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

const dayString = calendarDay;

/** GET /payments: newest first, `page` from 1; `from`/`to` are Oslo calendar days, both included. */
export const ordersQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(ORDERS_DEFAULT_LIMIT),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    status: z.enum(ORDER_STATUSES).optional(),
    from: dayString.optional(),
    to: dayString.optional(),
    /** The order's reference (Vipps's or the receipt's), or a name of the buyer or a guardian of the family. */
    q: z.string().trim().max(100).optional(),
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
  amount: z.number().int().min(1).max(65_000_000),
  /** Take the child off the course as well (only when the admin chooses so). */
  removeFromCourse: z.boolean(),
  idempotencyKey: idempotencyKeySchema,
});
export type RefundInput = z.infer<typeof refundInputSchema>;

export const cancelInputSchema = z.object({ removeFromCourse: z.boolean(), idempotencyKey: idempotencyKeySchema });
export type CancelInput = z.infer<typeof cancelInputSchema>;

// ---- statistics ------------------------------------------------------------------------------------------------

const MAX_STATISTICS_SPAN_MS = 400 * 24 * 3_600_000;

export const statisticsQuerySchema = z
  .object({ startDate: isoDateTime, endDate: isoDateTime })
  .refine((q) => Date.parse(q.endDate) > Date.parse(q.startDate), { message: 'Sluttdato må være etter startdato', path: ['endDate'] })
  .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= MAX_STATISTICS_SPAN_MS, {
    message: 'Perioden kan være høyst 400 dager',
    path: ['endDate'],
  });

/** Paid orders (captured, refunded) per bucket: hours, or whole UTC days when they span more than 7 days. */
export const paymentStatisticsSchema = z.object({
  bucket: z.enum(['hour', 'day']),
  total: z.number().int(),
  buckets: z.array(z.object({ t: isoDateTime, count: z.number().int() })),
});
export type PaymentStatistics = z.infer<typeof paymentStatisticsSchema>;
