import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idCheck, idColumn, updatedAt } from './columns';
import { users } from './users';

export const faqs = pgTable(
  'faqs',
  {
    id: idColumn(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [idCheck('faqs', t.id)],
);

export const terms = pgTable(
  'terms',
  {
    id: idColumn(),
    category: text('category').notNull(),
    text: text('text').notNull(),
    priority: integer('priority').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [idCheck('terms', t.id)],
);

/** The whole terms after each change, so an order shows what the parent accepted; numbered without gaps. */
export const termVersions = pgTable(
  'term_versions',
  {
    version: integer('version').primaryKey(),
    /** [{ id, category, text, priority }] */
    terms: jsonb('terms').notNull(),
    change: text('change').notNull(),
    termId: text('term_id'),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('term_versions_positive', sql`${t.version} > 0`),
    check('term_versions_change_known', sql`${t.change} in ('initial','created','updated','deleted')`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [idCheck('contact_messages', t.id)],
);
