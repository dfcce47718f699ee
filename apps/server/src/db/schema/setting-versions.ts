import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** The versioned settings store (decision 054): a row per change of a slice, numbered per slice; none: the defaults. */
export const settingVersions = pgTable(
  'setting_versions',
  {
    slice: text('slice').notNull(),
    version: integer('version').notNull(),
    value: jsonb('value').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.slice, t.version] }), check('setting_versions_positive', sql`${t.version} > 0`)],
);
