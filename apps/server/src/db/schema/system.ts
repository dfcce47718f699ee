import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, idCheck, idColumn } from './columns';
import { users } from './users';

/** Outgoing e-mail. Drained by the outbox worker (FOR UPDATE SKIP LOCKED), so several instances can run. */
export const outbox = pgTable(
  'outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** [{ filename, contentType, content (utf-8 text) }] */
    attachments: jsonb('attachments').notNull().default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    idCheck('outbox', t.id),
    check('outbox_status_known', sql`${t.status} in ('pending','sent','failed','kept')`),
    index('outbox_pending_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** One Vipps Login attempt: state, nonce and PKCE verifier, single use, short lived. */
export const authStates = pgTable(
  'auth_states',
  {
    state: text('state').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull().default('/'),
    /** SHA-256 of the HttpOnly cookie of the browser that started the login (login CSRF); '' never matches. */
    browserHash: text('browser_hash').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_states_expires_idx').on(t.expiresAt)],
);

/** Fixed-window counters for rate limits shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Key/value settings shared by every instance, e.g. the Vipps webhook registration and its secret. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** One signed-in browser: every request checks it is live and its roles unchanged, so ending it works at once everywhere. */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    /** The user's roles when the session began: any change to them ends the session. */
    roles: text('roles').array().notNull(),
    /** The browser's User-Agent (cut to 300 characters), to tell the sessions apart on /profil. */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [idCheck('sessions', t.id), index('sessions_user_idx').on(t.userId, t.expiresAt), index('sessions_expires_idx').on(t.expiresAt)],
)
