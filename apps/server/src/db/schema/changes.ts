import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, idCheck, idColumn, oreColumn } from './columns';
import { courseRef, courses } from './courses';
import { orders } from './orders';
import { childRef, profiles, users } from './users';

/** A course date that will not take place ('Avlyst', decision 042); families hear of it at `announce_at`. */
export const cancelledDates = pgTable(
  'cancelled_dates',
  {
    id: idColumn(),
    courseId: courseRef(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    placeClosure: boolean('place_closure').notNull().default(false),
    cancelledBy: text('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When the families are told (e-mails, choices): the slice's undo minutes after the confirmation; 'Angre' until then. */
    announceAt: timestamp('announce_at', { withTimezone: true }).notNull().defaultNow(),
    /** The version of the settings slice 'closures' it was confirmed under (days to choose, the default); null: version 1. */
    settingsVersion: integer('settings_version'),
    /** Set once by the job (or 'Send e-post nå') that wrote the choices and queued the e-mails; no undo after it. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (t) => [
    idCheck('cancelled_dates', t.id),
    index('cancelled_dates_unannounced_idx').on(t.announceAt).where(sql`${t.announcedAt} is null`),
    uniqueIndex('cancelled_dates_course_date_key').on(t.courseId, t.date),
    index('cancelled_dates_date_idx').on(t.date),
  ],
);

/** One choice per child per cancelled date (decision 042; null: open, 'closed': place cancelled); the secret is hashed. */
export const dateChoices = pgTable(
  'date_choices',
  {
    id: idColumn(),
    cancelledDateId: cascadeRef('cancelled_date_id', () => cancelledDates.id),
    childId: childRef(),
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The date's share of what the order paid (dateSharesOre), whole øre. */
    shareOre: oreColumn('share_ore').notNull(),
    secretHash: text('secret_hash').notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    choice: text('choice'),
    /** 'family' (a guardian chose) or 'default' (the deadline passed). */
    chosenBy: text('chosen_by'),
    chosenAt: timestamp('chosen_at', { withTimezone: true }),
    makeupCourseId: text('makeup_course_id').references(() => courses.id, { onDelete: 'set null' }),
    makeupDate: timestamp('makeup_date', { withTimezone: true }),
    refundPspReference: text('refund_psp_reference'),
    createdAt: createdAt(),
  },
  (t) => [
    idCheck('date_choices', t.id),
    check('date_choices_choice_known', sql`${t.choice} is null or ${t.choice} in ('makeup','refund','credit','closed')`),
    check('date_choices_share_non_negative', sql`${t.shareOre} >= 0`),
    uniqueIndex('date_choices_date_child_key').on(t.cancelledDateId, t.childId),
    uniqueIndex('date_choices_secret_hash_key').on(t.secretHash),
    index('date_choices_makeup_idx').on(t.makeupCourseId, t.makeupDate),
    index('date_choices_profile_idx').on(t.profileId),
  ],
);

/** The family credit ledger: an entry gives (amount > 0) or uses (amount < 0); a given one expires. */
export const familyCredits = pgTable(
  'family_credits',
  {
    id: idColumn(),
    profileId: cascadeRef('profile_id', () => profiles.id),
    amountOre: oreColumn('amount_ore').notNull(),
    reason: text('reason').notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedByEntryId: text('used_by_entry_id'),
    createdAt: createdAt(),
  },
  (t) => [idCheck('family_credits', t.id), index('family_credits_profile_idx').on(t.profileId)],
);

/** A family's calendar feed (webcal): only the secret's hash; renewing replaces it (the old address answers 404). */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    profileId: text('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_secret_hash_key').on(t.secretHash)],
);

/** The reminders sent (issue 38): one per child, course and date, so a job run twice (or on two instances) sends one. */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    childId: childRef(),
    courseId: courseRef(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.childId, t.courseId, t.date] })],
);
