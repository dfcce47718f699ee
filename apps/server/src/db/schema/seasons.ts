import { sql } from 'drizzle-orm';
import { check, date, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idCheck, idColumn, updatedAt } from './columns';

/**
 * A season of the school (decision 053): a name and the days it covers, both ends included. Seasons never overlap, so
 * a day belongs to at most one (features/seasons asks under a table lock; the migration's exclusion constraint
 * `seasons_no_overlap` is the backstop). Rollover, the sibling discount and token expiry ask `seasonOn`.
 */
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
