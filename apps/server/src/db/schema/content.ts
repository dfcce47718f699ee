import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idCheck, idColumn, updatedAt } from './columns';

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
