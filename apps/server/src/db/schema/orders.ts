import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idCheck, idColumn, updatedAt } from './columns';
import { termVersions } from './content';
import { courses } from './courses';
import { children, profiles, users } from './users';

/**
 * An order is also the hold on a course place: while status is 'created' and hold_expires_at is in the future,
 * it counts against the course's capacity. Amounts are øre.
 */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    /** The Vipps reference (unique per merchant), also the paymentId in the product's URLs. */
    reference: text('reference').notNull(),
    humanReference: text('human_reference').notNull(),
    provider: text('provider').notNull().default('vipps'),
    status: text('status').notNull().default('created'),
    amountOre: integer('amount_ore').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    childId: text('child_id').references(() => children.id, { onDelete: 'set null' }),
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Names kept at order time, so bookkeeping survives deletion of the family. */
    additionalInfo: jsonb('additional_info').notNull().default(sql`'{}'::jsonb`),
    /**
     * The course dates this order pays for (all of them, or those left when it was a late booking). Null on orders
     * made before this was recorded: the whole course.
     */
    coveredDates: timestamp('covered_dates', { withTimezone: true }).array(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The terms version in force when the parent started the payment (accepting the terms); null before versions. */
    termsVersion: integer('terms_version').references(() => termVersions.version),
    redirectUrl: text('redirect_url'),
    /** When the hold ran out without a payment (issue 36: repeated lapses lead to a cool-down and show to the admin). */
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    /**
     * When the payment reconciler should next look at this order (poll Vipps, capture, cancel); null when nothing
     * is pending. Also the reconciler's lease: a claimed row gets it moved ahead (features/booking/reconciler.ts).
     */
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
    index('orders_course_status_idx').on(t.courseId, t.status),
    index('orders_created_at_idx').on(t.createdAt),
    /** The payment statistics read only paid orders by time (spec §4). */
    index('orders_paid_created_at_idx').on(t.createdAt).where(sql`${t.status} in ('captured','refunded')`),
    index('orders_user_idx').on(t.userId),
    index('orders_status_hold_idx').on(t.status, t.holdExpiresAt),
    index('orders_sync_after_idx').on(t.syncAfter).where(sql`${t.syncAfter} is not null`),
    index('orders_course_child_idx').on(t.courseId, t.childId),
    index('orders_profile_status_idx').on(t.profileId, t.status),
    index('orders_profile_lapsed_idx').on(t.profileId, t.lapsedAt).where(sql`${t.lapsedAt} is not null`),
  ],
);

/** Every Vipps event on an order (spec §3): applied once per (order, name, pspReference). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: idColumn(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    pspReference: text('psp_reference').notNull(),
    amountOre: integer('amount_ore').notNull(),
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

/**
 * A payment incident (open-issues-decisions: the one name for "something is wrong with a payment"): Vipps' own record
 * contradicts an order that enrolled a child (a terminated payment, a smaller or foreign amount). The child stays
 * where it is; the admin sees the incident on the order and resolves it. Raised once per (order, reason).
 */
export const paymentIncidents = pgTable(
  'payment_incidents',
  {
    id: idColumn(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    childId: text('child_id').references(() => children.id, { onDelete: 'set null' }),
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** What contradicts the order, for the admin (e.g. 'vipps-state' or 'amount'). */
    reason: text('reason').notNull(),
    /** What Vipps said (state, amount), as read. */
    vippsState: text('vipps_state'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    idCheck('payment_incidents', t.id),
    uniqueIndex('payment_incidents_once_key').on(t.orderId, t.reason),
    index('payment_incidents_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);
