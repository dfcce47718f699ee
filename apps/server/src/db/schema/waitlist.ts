import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idCheck, idColumn, updatedAt } from './columns';
import { courseRef } from './courses';
import { childRef, users } from './users';

/** A child waiting on a full course (decision 016), in created_at, id order; one open entry per (course, child). */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: idColumn(),
    courseId: courseRef(),
    childId: childRef(),
    /** The guardian who put the child on the list: offers are e-mailed to them. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('waiting'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** The admin who sent the offer by hand (null: the waitlist job). */
    offeredBy: text('offered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idCheck('waitlist_entries', t.id),
    check('waitlist_entries_status_known', sql`${t.status} in ('waiting','offered','booked','left','skipped','expired','closed')`),
    check('waitlist_entries_offer_has_expiry', sql`${t.status} <> 'offered' or ${t.offerExpiresAt} is not null`),
    uniqueIndex('waitlist_entries_open_key').on(t.courseId, t.childId).where(sql`${t.status} in ('waiting','offered')`),
    index('waitlist_entries_course_status_idx').on(t.courseId, t.status, t.createdAt),
    index('waitlist_entries_child_idx').on(t.childId),
  ],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
