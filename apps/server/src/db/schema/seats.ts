import { pgView, text, timestamp } from 'drizzle-orm/pg-core';

/** The seat ledger: every claim on a course's places, a read-only view over the tables that record them. */
export const seatClaims = pgView('seat_claims', {
  courseId: text('course_id').notNull(),
  /** 'participant', 'hold' (a live payment hold), 'offer' (a held waitlist offer), 'rollover' ('Behold plassen', decision 060), 'makeup' (one date) or 'absence' (frees one date, decision 061). */
  kind: text('kind').notNull(),
  /** The hold's order, the participant's or make-up's paying order; null for an offer. */
  orderId: text('order_id'),
  childId: text('child_id'),
  /** A make-up's or absence's date; null for a claim on every date. */
  onDate: timestamp('on_date', { withTimezone: true }),
}).existing();
