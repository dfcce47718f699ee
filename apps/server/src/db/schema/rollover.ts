import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, idCheck, idColumn } from './columns';
import { courses } from './courses';
import { orders } from './orders';
import { seasons } from './seasons';
import { childRef, profiles, users } from './users';

/** 'Behold plassen' (decision 060): an admin's rollover of the courses that end into the next season's. */
export const rollovers = pgTable(
  'rollovers',
  {
    id: idColumn(),
    fromSeasonId: text('from_season_id').references(() => seasons.id, { onDelete: 'set null' }),
    toSeasonId: text('to_season_id').references(() => seasons.id, { onDelete: 'set null' }),
    replyBy: timestamp('reply_by', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [idCheck('rollovers', t.id)],
);

/**
 * One child's offer to keep a place: while `offered` it is a claim on a seat of `to_course` (the view seat_claims),
 * until the family pays (accepted), says no (declined) or the reply-by passes (expired). One offer per child and
 * ending course.
 */
export const rolloverOffers = pgTable(
  'rollover_offers',
  {
    id: idColumn(),
    rolloverId: cascadeRef('rollover_id', () => rollovers.id),
    childId: childRef(),
    profileId: cascadeRef('profile_id', () => profiles.id),
    fromCourseId: cascadeRef('from_course_id', () => courses.id),
    toCourseId: cascadeRef('to_course_id', () => courses.id),
    state: text('state').notNull().default('offered'),
    replyBy: timestamp('reply_by', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    idCheck('rollover_offers', t.id),
    check('rollover_offers_state_known', sql`${t.state} in ('offered','accepted','declined','expired')`),
    uniqueIndex('rollover_offers_child_from_key').on(t.fromCourseId, t.childId),
    index('rollover_offers_to_course_idx').on(t.toCourseId, t.state),
    index('rollover_offers_rollover_idx').on(t.rolloverId),
    index('rollover_offers_child_idx').on(t.childId),
    index('rollover_offers_state_reply_by_idx').on(t.state, t.replyBy),
  ],
);

export type RolloverOfferRow = typeof rolloverOffers.$inferSelect;
