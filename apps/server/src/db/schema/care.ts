import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, idCheck, idColumn, updatedAt } from './columns';
import { courses } from './courses';
import { childRef, children, users } from './users';

/** What the pool deck needs about a child (decision 038): emergency contact, consented health note, photo consent. */
export const childCare = pgTable(
  'child_care',
  {
    childId: text('child_id')
      .primaryKey()
      .references(() => children.id, { onDelete: 'cascade' }),
    emergencyName: text('emergency_name'),
    emergencyPhone: text('emergency_phone'),
    healthNote: text('health_note'),
    /** When the guardian ticked the consent; a note exists only with it (withdrawing it deletes the note). */
    healthConsentAt: timestamp('health_consent_at', { withTimezone: true }),
    photoConsent: boolean('photo_consent').notNull().default(false),
    /** The retention job's warning before the note is deleted was sent (cleared when the note changes). */
    noteWarnedAt: timestamp('note_warned_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('child_care_note_needs_consent', sql`${t.healthNote} is null or ${t.healthConsentAt} is not null`),
    check('child_care_note_length', sql`${t.healthNote} is null or char_length(${t.healthNote}) between 1 and 500`),
  ],
);

/** Every reading of a health note by someone outside the family (instructor or admin): who, when, on which course. */
export const healthNoteReads = pgTable(
  'health_note_reads',
  {
    id: idColumn(),
    childId: childRef(),
    readerId: text('reader_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the reader's user is deleted, so the family still sees who read it. */
    readerName: text('reader_name').notNull(),
    readerRole: text('reader_role').notNull(),
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    courseName: text('course_name'),
    /** 'list' (opened on the phone), 'print' (the printed list with health notes), 'child' (an admin opened the child). */
    via: text('via').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    idCheck('health_note_reads', t.id),
    check('health_note_reads_role_known', sql`${t.readerRole} in ('instructor','admin')`),
    check('health_note_reads_via_known', sql`${t.via} in ('list','print','child')`),
    index('health_note_reads_child_idx').on(t.childId, t.readAt),
  ],
);

/** "Keep my account" links of the retention warning: the secret stored hashed, expiring with the account. */
export const retentionKeepLinks = pgTable(
  'retention_keep_links',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    idCheck('retention_keep_links', t.id),
    uniqueIndex('retention_keep_links_secret_hash_key').on(t.secretHash),
    index('retention_keep_links_user_idx').on(t.userId),
  ],
);

/** One row per retention run: counts only, never names (issue 39). */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: idColumn(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    children: integer('children').notNull(),
    healthNotes: integer('health_notes').notNull(),
    emergencyContacts: integer('emergency_contacts').notNull(),
    guardians: integer('guardians').notNull(),
    warningsSent: integer('warnings_sent').notNull(),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [idCheck('retention_runs', t.id), index('retention_runs_ran_at_idx').on(t.ranAt)],
);
