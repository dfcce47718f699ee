import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, idCheck, idColumn, updatedAt } from './columns';
import { courses } from './courses';
import { childRef, users } from './users';

/** A step of the school's ladder (a nivå, decision 057); retired: kept for history, no longer marked or chosen. */
export const levels = pgTable(
  'levels',
  {
    id: idColumn(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    retired: boolean('retired').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [idCheck('levels', t.id), uniqueIndex('levels_name_key').on(sql`lower(${t.name})`)],
);

/** A skill of a level, in the Norwegian the parents read. */
export const skills = pgTable(
  'skills',
  {
    id: idColumn(),
    levelId: cascadeRef('level_id', () => levels.id),
    description: text('description').notNull(),
    position: integer('position').notNull().default(0),
    retired: boolean('retired').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [idCheck('skills', t.id), index('skills_level_idx').on(t.levelId, t.position)],
);

/**
 * Every mark an instructor made (the history): the current state of (child, skill) is the mark with the latest
 * made_at, ties broken by id. A skill that has marks cannot be deleted (restrict): retire it instead.
 */
export const skillMarks = pgTable(
  'skill_marks',
  {
    id: idColumn(),
    childId: childRef(),
    skillId: text('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'restrict' }),
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    state: text('state').notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    madeBy: text('made_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    idCheck('skill_marks', t.id),
    check('skill_marks_state_known', sql`${t.state} in ('Øver','Mestrer')`),
    index('skill_marks_child_skill_idx').on(t.childId, t.skillId, t.madeAt, t.id),
    index('skill_marks_skill_idx').on(t.skillId),
  ],
);

/** The instructor's word to the parents per child and course: 'Kommentar til foreldrene' and 'Anbefalt neste kurs'. */
export const progressNotes = pgTable(
  'progress_notes',
  {
    courseId: cascadeRef('course_id', () => courses.id),
    childId: childRef(),
    comment: text('comment').notNull().default(''),
    recommendedLevelId: text('recommended_level_id').references(() => levels.id, { onDelete: 'restrict' }),
    writtenBy: text('written_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.childId] }),
    index('progress_notes_child_idx').on(t.childId),
    check('progress_notes_comment_length', sql`char_length(${t.comment}) <= 500`),
  ],
);
