import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * The versioned settings store (decision 054): every change to a slice ('cancellation', 'credit' …) is a new row,
 * 1, 2, 3 … per slice (writers lock the slice first). `value` is the slice's shared zod schema. A slice with no row
 * yet is at its defaults. The cancellation rules' versions moved here from cancellation_rule_versions (migration
 * 0028), with their numbers, which orders and cancellations keep.
 */
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
