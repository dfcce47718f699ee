import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idCheck, idColumn } from './columns';
import { courseRef, courses } from './courses';
import { childRef, users } from './users';

/**
 * A child reported absent on one date of its course (decision 061): a negative per-date claim in the seat ledger
 * (its place on that date is free for a make-up) until it is undone.
 */
export const absences = pgTable(
  'absences',
  {
    id: idColumn(),
    childId: childRef(),
    courseId: courseRef(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    /** 'sick' ('Syk') or 'other' ('Annet'); null: none given. */
    reason: text('reason'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    reportedBy: text('reported_by').references(() => users.id, { onDelete: 'set null' }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    idCheck('absences', t.id),
    check('absences_reason_known', sql`${t.reason} is null or ${t.reason} in ('sick','other')`),
    uniqueIndex('absences_live_key').on(t.childId, t.courseId, t.date).where(sql`${t.undoneAt} is null`),
    index('absences_course_date_idx').on(t.courseId, t.date),
  ],
);

/** A make-up token ('Erstatningstime', decision 061): worth one place on one date, never money; it belongs to the child. */
export const makeupTokens = pgTable(
  'makeup_tokens',
  {
    id: idColumn(),
    childId: childRef(),
    /** 'absence' (an absence reported in time), 'closure' (a closed date's make-up choice) or 'admin' (given by hand). */
    source: text('source').notNull(),
    /** The absence or date choice it came from; null for 'admin'. */
    sourceId: text('source_id'),
    /** The course it was earned on (the make-up fits its level and venue); null: given by hand without one. */
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** The admin's reason, or what it came from. */
    reason: text('reason').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: text('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    idCheck('makeup_tokens', t.id),
    check('makeup_tokens_source_known', sql`${t.source} in ('absence','closure','admin')`),
    uniqueIndex('makeup_tokens_source_key').on(t.source, t.sourceId).where(sql`${t.withdrawnAt} is null and ${t.sourceId} is not null`),
    index('makeup_tokens_child_idx').on(t.childId),
    index('makeup_tokens_course_idx').on(t.courseId),
  ],
);

/** A make-up date booked with a token: a per-date claim in the seat ledger until it is cancelled (the token comes back). */
export const makeups = pgTable(
  'makeups',
  {
    id: idColumn(),
    tokenId: text('token_id')
      .notNull()
      .references(() => makeupTokens.id, { onDelete: 'cascade' }),
    childId: childRef(),
    courseId: courseRef(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    idCheck('makeups', t.id),
    // A token is spent exactly once: a second live make-up with it breaks this index.
    uniqueIndex('makeups_token_live_key').on(t.tokenId).where(sql`${t.cancelledAt} is null`),
    index('makeups_course_date_idx').on(t.courseId, t.date),
    index('makeups_child_idx').on(t.childId),
  ],
);
