import { ore, type DiscountLine } from '@app/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, idCheck, idColumn, oreColumn, updatedAt } from './columns';
import { termVersions } from './content';
import { courses } from './courses';
import { children, profiles, users } from './users';

/** An order is also a hold: 'created' with hold_expires_at ahead counts against the capacity. Amounts in øre. */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    /** The Vipps reference (unique per merchant), also the paymentId in the product's URLs. */
    reference: text('reference').notNull(),
    humanReference: text('human_reference').notNull(),
    provider: text('provider').notNull().default('vipps'),
    status: text('status').notNull().default('created'),
    amountOre: oreColumn('amount_ore').notNull(),
    /** The part paid by the family's credit (issue 38); `amount_ore` is the Vipps part. The price is their sum. */
    creditOre: oreColumn('credit_ore').notNull().default(ore(0)),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    childId: text('child_id').references(() => children.id, { onDelete: 'set null' }),
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Names kept at order time, so bookkeeping survives deletion of the family. */
    additionalInfo: jsonb('additional_info').notNull().default(sql`'{}'::jsonb`),
    /** The course dates this order pays for (those left, for a late booking); null on old orders: the whole course. */
    coveredDates: timestamp('covered_dates', { withTimezone: true }).array(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The terms version in force when the parent started the payment (accepting the terms); null before versions. */
    termsVersion: integer('terms_version').references(() => termVersions.version),
    /** The settings slice 'cancellation' version in force at the order (decision 054); no foreign key: keyed by slice. */
    cancellationRulesVersion: integer('cancellation_rules_version'),
    /** The discounts taken off the list price (decision 058), in the order applied; the price is amount + credit. */
    discounts: jsonb('discounts').$type<DiscountLine[]>().notNull().default(sql`'[]'::jsonb`),
    /** The settings slice 'siblingDiscount' version in force at the order (decision 058), like the cancellation rules. */
    siblingDiscountVersion: integer('sibling_discount_version'),
    /** The discount code the order took (its line in `discounts`); counts the code's uses. Restrict: retire a used code. */
    discountCodeId: text('discount_code_id').references(() => discountCodes.id, { onDelete: 'restrict' }),
    redirectUrl: text('redirect_url'),
    /** When the hold ran out without a payment (issue 36: repeated lapses lead to a cool-down and show to the admin). */
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    /** When the payment reconciler next looks at the order; null when nothing is pending. Also its lease. */
    syncAfter: timestamp('sync_after', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idCheck('orders', t.id),
    uniqueIndex('orders_reference_key').on(t.reference),
    check(
      'orders_status_known',
      sql`${t.status} in ('created','authorized','captured','refunded','expired','cancelled','terminated','aborted')`,
    ),
    check('orders_amount_non_negative', sql`${t.amountOre} >= 0`),
    check('orders_credit_non_negative', sql`${t.creditOre} >= 0`),
    index('orders_course_status_idx').on(t.courseId, t.status),
    index('orders_created_at_idx').on(t.createdAt),
    /** The payment statistics read only paid orders by time (spec §4). */
    index('orders_paid_created_at_idx').on(t.createdAt).where(sql`${t.status} in ('captured','refunded')`),
    index('orders_user_idx').on(t.userId),
    index('orders_status_hold_idx').on(t.status, t.holdExpiresAt),
    index('orders_sync_after_idx').on(t.syncAfter).where(sql`${t.syncAfter} is not null`),
    index('orders_course_child_idx').on(t.courseId, t.childId),
    index('orders_profile_status_idx').on(t.profileId, t.status),
    index('orders_discount_code_idx').on(t.discountCodeId, t.profileId).where(sql`${t.discountCodeId} is not null`),
    index('orders_profile_lapsed_idx').on(t.profileId, t.lapsedAt).where(sql`${t.lapsedAt} is not null`),
  ],
);

/** Every Vipps event on an order (spec §3): applied once per (order, name, pspReference). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: idColumn(),
    orderId: cascadeRef('order_id', () => orders.id),
    name: text('name').notNull(),
    pspReference: text('psp_reference').notNull(),
    amountOre: oreColumn('amount_ore').notNull(),
    currency: text('currency').notNull().default('NOK'),
    success: text('success').notNull().default('true'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    /** When the parent was told about this event by e-mail (admin refunds and cancellations): once per event. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    idCheck('order_events', t.id),
    uniqueIndex('order_events_once_key').on(t.orderId, t.name, t.pspReference),
    check(
      'order_events_name_known',
      sql`${t.name} in ('CREATED','AUTHORIZED','CANCELLED','CAPTURED','REFUNDED','EXPIRED','TERMINATED','ABORTED')`,
    ),
  ],
);

/** Vipps' record contradicts an order that enrolled a child; the child stays, an admin resolves it. Once per reason. */
export const paymentIncidents = pgTable(
  'payment_incidents',
  {
    id: idColumn(),
    orderId: cascadeRef('order_id', () => orders.id),
    childId: text('child_id').references(() => children.id, { onDelete: 'set null' }),
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** What contradicts the order, for the admin (e.g. 'vipps-state' or 'amount'). */
    reason: text('reason').notNull(),
    /** What Vipps said (state, amount), as read. */
    vippsState: text('vipps_state'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** An admin's resolution; null with `resolved_at` set: the reconciler settled it by itself. */
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    outcome: text('outcome'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    idCheck('payment_incidents', t.id),
    check('payment_incidents_outcome_known', sql`${t.outcome} is null or ${t.outcome} in ('refund','paid-elsewhere','remove-child')`),
    uniqueIndex('payment_incidents_once_key').on(t.orderId, t.reason),
    index('payment_incidents_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);

/** A parent's cancellation of a place, one per order; 'requested' ('etter avtale') waits for the admin. */
export const cancellations = pgTable(
  'cancellations',
  {
    id: idColumn(),
    orderId: cascadeRef('order_id', () => orders.id),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The 'cancellation' settings version the outcome came from (decision 054: no foreign key, as on orders). */
    rulesVersion: integer('rules_version'),
    /** The outcome kind the cancellation rules gave (shared cancellationOutcome). */
    outcome: text('outcome').notNull(),
    status: text('status').notNull(),
    /** Øre back to the parent (null while an 'etter avtale' request waits). */
    refundOre: oreColumn('refund_ore'),
    /** The part of refundOre that goes back as family credit (the order's credit part, issue 52); the rest is Vipps. */
    creditOre: oreColumn('credit_ore').notNull().default(ore(0)),
    feeOre: oreColumn('fee_ore').notNull().default(ore(0)),
    /** Vipps' pspReference of the refund, once Vipps answered. */
    pspReference: text('psp_reference'),
    adminMessage: text('admin_message'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idCheck('cancellations', t.id),
    uniqueIndex('cancellations_order_key').on(t.orderId),
    check('cancellations_status_known', sql`${t.status} in ('requested','declined','refunding','refunded','done')`),
    check('cancellations_outcome_known', sql`${t.outcome} in ('full','fee','none','remaining','byAgreement')`),
    check('cancellations_refund_non_negative', sql`${t.refundOre} is null or ${t.refundOre} >= 0`),
    index('cancellations_status_idx').on(t.status),
  ],
);

/**
 * A gift card (decision 059): sold through its own order (no course, no child), paid like a course order. Only the
 * code's hash is kept; the code itself waits in `pending_code` only until the paid card's e-mail is queued.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: idColumn(),
    orderId: cascadeRef('order_id', () => orders.id),
    amountOre: oreColumn('amount_ore').notNull(),
    giverName: text('giver_name').notNull(),
    message: text('message').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    pendingCode: text('pending_code'),
    /** When the payment came and the e-mail was queued; the card is valid from then until `expires_at`. */
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedBy: text('redeemed_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    idCheck('gift_cards', t.id),
    uniqueIndex('gift_cards_order_key').on(t.orderId),
    uniqueIndex('gift_cards_code_hash_key').on(t.codeHash),
    check('gift_cards_amount_positive', sql`${t.amountOre} > 0`),
  ],
);

/**
 * A discount code ('Rabattkode', decision 058): `code` in capitals; a percentage or an amount; valid on the Oslo days
 * [valid_from, valid_to]; null limits are none; empty course and venue lists mean every course. Its uses are the
 * orders that took it (paid, or a live payment hold), counted by `orders.discount_code_id`.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: idColumn(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    percent: integer('percent'),
    amountOre: oreColumn('amount_ore'),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    maxUses: integer('max_uses'),
    maxUsesPerFamily: integer('max_uses_per_family'),
    courseIds: text('course_ids').array().notNull().default(sql`'{}'::text[]`),
    venueIds: text('venue_ids').array().notNull().default(sql`'{}'::text[]`),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idCheck('discount_codes', t.id),
    uniqueIndex('discount_codes_code_key').on(t.code),
    check('discount_codes_code_format', sql`${t.code} = upper(${t.code}) and char_length(${t.code}) between 1 and 32`),
    check(
      'discount_codes_value',
      sql`(${t.kind} = 'percent' and ${t.percent} between 1 and 100 and ${t.amountOre} is null) or (${t.kind} = 'amount' and ${t.amountOre} > 0 and ${t.percent} is null)`,
    ),
    check('discount_codes_days', sql`${t.validTo} >= ${t.validFrom}`),
    check('discount_codes_limits', sql`coalesce(${t.maxUses}, 1) > 0 and coalesce(${t.maxUsesPerFamily}, 1) > 0`),
  ],
);
