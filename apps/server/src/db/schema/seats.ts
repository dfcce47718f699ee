import { pgView, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The seat ledger (issue 55 item 1): every claim on a course's places, a view over the tables that record them
 * (migration 0030: participants, orders, waitlist_entries, date_choices). Read only, by repos/seats.repo.ts.
 */
export const seatClaims = pgView('seat_claims', {
  courseId: text('course_id').notNull(),
  /** 'participant', 'hold' (a live payment hold), 'offer' (a held waitlist offer) or 'makeup' (one date). */
  kind: text('kind').notNull(),
  /** The hold's order, the participant's or make-up's paying order; null for an offer. */
  orderId: text('order_id'),
  childId: text('child_id'),
  /** A make-up's date; null for a claim on every date. */
  onDate: timestamp('on_date', { withTimezone: true }),
}).existing();
