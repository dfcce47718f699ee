import { sql } from 'drizzle-orm';
import { check, date, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idCheck, idColumn, updatedAt } from './columns';

/** A season (decision 053): its days, both ends included; seasons never overlap (a lock, and an exclusion constraint). */
export const seasons = pgTable(
  'seasons',
  {
    id: idColumn(),
    name: text('name').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idCheck('seasons', t.id),
    check('seasons_ends_after_start', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);
