import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, idCheck, idColumn } from './columns';
import { courses } from './courses';
import { profiles, users } from './users';

/** One opening of enrolment night (decision 041): courses opening at this instant share one line. */
export const queueOpenings = pgTable('queue_openings', {
  opensAt: timestamp('opens_at', { withTimezone: true }).primaryKey(),
  sealedAt: timestamp('sealed_at', { withTimezone: true }),
  /** The shuffle's seed, kept so the draw can be replayed when a parent asks. */
  seed: text('seed'),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  /** Families let in per minute; null: QUEUE_ADMIT_PER_MINUTE. Set live by an admin. */
  admitPerMinute: integer('admit_per_minute'),
  /** Up to when admissions were counted (the rate's clock). */
  admittedThrough: timestamp('admitted_through', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A family's place in an opening's line (decision 041); `sort_key`: shuffled early group, then arrival in µs. */
export const queueTickets = pgTable(
  'queue_tickets',
  {
    id: idColumn(),
    opensAt: timestamp('opens_at', { withTimezone: true })
      .notNull()
      .references(() => queueOpenings.opensAt, { onDelete: 'cascade' }),
    profileId: cascadeRef('profile_id', () => profiles.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The course the parent picked when joining: the waitlist offered if the line ends. */
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull(),
    sortKey: bigint('sort_key', { mode: 'number' }),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    admitUntil: timestamp('admit_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    idCheck('queue_tickets', t.id),
    check('queue_tickets_admission_has_window', sql`${t.admittedAt} is null or ${t.admitUntil} is not null`),
    uniqueIndex('queue_tickets_family_key').on(t.opensAt, t.profileId),
    index('queue_tickets_waiting_idx').on(t.opensAt, t.sortKey).where(sql`${t.admittedAt} is null and ${t.leftAt} is null`),
    index('queue_tickets_admission_idx').on(t.opensAt, t.admittedAt),
  ],
);

export type QueueOpeningRow = typeof queueOpenings.$inferSelect;
export type QueueTicketRow = typeof queueTickets.$inferSelect;
