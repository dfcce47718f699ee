import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { attendance, cancelledDates, courses, dateChoices, levels, makeups, makeupTokens, progressNotes, skillMarks, skills } from '../db/schema';
import type { MarkState } from '@app/shared';

/** The ladder (levels and skills), the marks' history and the notes per child and course (decision 057). */

const levelColumns = { id: levels.id, name: levels.name, position: levels.position, retired: levels.retired };
const skillColumns = { id: skills.id, levelId: skills.levelId, description: skills.description, position: skills.position, retired: skills.retired };
export type LevelRow = { id: string; name: string; position: number; retired: boolean };
export type SkillRow = { id: string; levelId: string; description: string; position: number; retired: boolean };

/** Bottom of the ladder first. */
export function listLevels(db: DbOrTx): Promise<LevelRow[]> {
  return db.select(levelColumns).from(levels).orderBy(asc(levels.position), asc(levels.createdAt), asc(levels.id));
}

export function listSkills(db: DbOrTx, levelIds?: readonly string[]): Promise<SkillRow[]> {
  if (levelIds?.length === 0) return Promise.resolve([]);
  return db
    .select(skillColumns)
    .from(skills)
    .where(levelIds ? inArray(skills.levelId, [...levelIds]) : undefined)
    .orderBy(asc(skills.position), asc(skills.createdAt), asc(skills.id));
}

export async function findLevel(db: DbOrTx, id: string): Promise<LevelRow | undefined> {
  const [row] = await db.select(levelColumns).from(levels).where(eq(levels.id, id)).limit(1);
  return row;
}

export async function findSkill(db: DbOrTx, id: string): Promise<SkillRow | undefined> {
  const [row] = await db.select(skillColumns).from(skills).where(eq(skills.id, id)).limit(1);
  return row;
}

/** A new level goes to the top of the ladder. */
export async function insertLevel(db: DbOrTx, name: string): Promise<LevelRow> {
  const [row] = await db
    .insert(levels)
    .values({ name, position: sql`(select coalesce(max(${levels.position}), -1) + 1 from ${levels})` })
    .returning(levelColumns);
  return row!;
}

/** A new skill goes last in its level. */
export async function insertSkill(db: DbOrTx, levelId: string, description: string): Promise<SkillRow> {
  const [row] = await db
    .insert(skills)
    .values({ levelId, description, position: sql`(select coalesce(max(${skills.position}), -1) + 1 from ${skills} where ${skills.levelId} = ${levelId})` })
    .returning(skillColumns);
  return row!;
}

export async function updateLevel(db: DbOrTx, id: string, values: Partial<{ name: string; retired: boolean }>): Promise<LevelRow | undefined> {
  const [row] = await db.update(levels).set(values).where(eq(levels.id, id)).returning(levelColumns);
  return row;
}

export async function updateSkill(db: DbOrTx, id: string, values: Partial<{ description: string; retired: boolean }>): Promise<SkillRow | undefined> {
  const [row] = await db.update(skills).set(values).where(eq(skills.id, id)).returning(skillColumns);
  return row;
}

/** Refused by the database (restrict) while a course, a mark or a recommendation refers to it. */
export async function deleteLevel(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.delete(levels).where(eq(levels.id, id)).returning({ id: levels.id })).length > 0;
}

export async function deleteSkill(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.delete(skills).where(eq(skills.id, id)).returning({ id: skills.id })).length > 0;
}

/** Reorders run one at a time, so two admins' orders cannot interleave. */
export async function lockLadder(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`lock table ${levels} in share row exclusive mode`);
}

const positionsOf = (column: typeof levels.id | typeof skills.id, ids: readonly string[]): SQL =>
  sql`case ${column} ${sql.join(ids.map((id, i) => sql`when ${id} then ${i}::integer`), sql` `)} end`;

/** Positions 0, 1, 2 … in the order given. */
export async function setLevelPositions(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  await tx.update(levels).set({ position: positionsOf(levels.id, ids) }).where(inArray(levels.id, [...ids]));
}

export async function setSkillPositions(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  await tx.update(skills).set({ position: positionsOf(skills.id, ids) }).where(inArray(skills.id, [...ids]));
}

// ---- marks and notes ------------------------------------------------------------------------------------------------

export type MarkRow = { childId: string; skillId: string; state: MarkState; madeAt: Date };

/** Appends to the history; nothing is ever overwritten. */
export async function insertMarks(
  db: DbOrTx,
  marks: readonly { childId: string; skillId: string; courseId: string; state: MarkState; madeAt: Date; madeBy: string }[],
): Promise<void> {
  if (marks.length) await db.insert(skillMarks).values([...marks]);
}

/** The current mark per (child, skill): the latest made_at, ties to the higher id (the same answer on every read). */
export async function currentMarks(db: DbOrTx, childIds: readonly string[], skillIds?: readonly string[]): Promise<MarkRow[]> {
  if (childIds.length === 0 || skillIds?.length === 0) return [];
  const rows = await db
    .selectDistinctOn([skillMarks.childId, skillMarks.skillId], {
      childId: skillMarks.childId,
      skillId: skillMarks.skillId,
      state: skillMarks.state,
      madeAt: skillMarks.madeAt,
    })
    .from(skillMarks)
    .where(and(inArray(skillMarks.childId, [...childIds]), skillIds ? inArray(skillMarks.skillId, [...skillIds]) : undefined))
    .orderBy(skillMarks.childId, skillMarks.skillId, sql`${skillMarks.madeAt} desc`, sql`${skillMarks.id} desc`);
  return rows as MarkRow[];
}

/** When each skill was first mastered in the child's current run of 'Mestrer' (the date the parents see). */
export async function masteredSince(db: DbOrTx, childId: string): Promise<Map<string, Date>> {
  const rows = await db
    .select({ skillId: skillMarks.skillId, state: skillMarks.state, madeAt: skillMarks.madeAt })
    .from(skillMarks)
    .where(eq(skillMarks.childId, childId))
    .orderBy(asc(skillMarks.madeAt), asc(skillMarks.id));
  const since = new Map<string, Date>();
  for (const r of rows) {
    if (r.state !== 'Mestrer') since.delete(r.skillId);
    else if (!since.has(r.skillId)) since.set(r.skillId, r.madeAt);
  }
  return since;
}

export function markHistory(db: DbOrTx, childId: string) {
  return db
    .select({ skillId: skillMarks.skillId, courseId: skillMarks.courseId, state: skillMarks.state, madeAt: skillMarks.madeAt })
    .from(skillMarks)
    .where(eq(skillMarks.childId, childId))
    .orderBy(asc(skillMarks.madeAt), asc(skillMarks.id));
}

export type NoteRow = { courseId: string; childId: string; comment: string; recommendedLevelId: string | null };
const noteColumns = { courseId: progressNotes.courseId, childId: progressNotes.childId, comment: progressNotes.comment, recommendedLevelId: progressNotes.recommendedLevelId };

export function notesOfCourse(db: DbOrTx, courseId: string): Promise<NoteRow[]> {
  return db.select(noteColumns).from(progressNotes).where(eq(progressNotes.courseId, courseId));
}

export function notesOfChild(db: DbOrTx, childId: string): Promise<NoteRow[]> {
  return db.select(noteColumns).from(progressNotes).where(eq(progressNotes.childId, childId));
}

export async function upsertNote(db: DbOrTx, note: NoteRow & { writtenBy: string }): Promise<void> {
  await db
    .insert(progressNotes)
    .values(note)
    .onConflictDoUpdate({
      target: [progressNotes.courseId, progressNotes.childId],
      set: { comment: note.comment, recommendedLevelId: note.recommendedLevelId, writtenBy: note.writtenBy },
    });
}

/** The level of each course given (courses without one are left out). */
export async function levelsOfCourses(db: DbOrTx, courseIds: readonly string[]): Promise<Map<string, string>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db.select({ id: courses.id, levelId: courses.levelId }).from(courses).where(inArray(courses.id, [...courseIds]));
  return new Map(rows.flatMap((r) => (r.levelId ? [[r.id, r.levelId] as const] : [])));
}

/**
 * The certificate's count for a child on a course: the dates held (the course's dates less its cancelled ones) and
 * those the child came to, on the course itself or on a make-up date chosen for one of its cancelled dates.
 */
export async function attendanceCount(db: DbOrTx, courseId: string, childId: string): Promise<{ held: number; attended: number }> {
  // The course's own columns, named in full: the subqueries have columns of the same names.
  const id = sql.raw('"courses"."id"');
  const dates = sql.raw('"courses"."dates"');
  const [row] = await db
    .select({
      held: sql<number>`(cardinality(${dates}) - (select count(*) from ${cancelledDates} cd where cd.course_id = ${id} and cd.date = any(${dates})))::int`,
      own: sql<number>`(select count(*) from ${attendance} a where a.course_id = ${id} and a.child_id = ${childId} and a.present
        and a.date = any(${dates}) and not exists (select 1 from ${cancelledDates} cd where cd.course_id = a.course_id and cd.date = a.date))::int`,
      makeups: sql<number>`(select count(*) from ${dateChoices} dc join ${cancelledDates} cd on cd.id = dc.cancelled_date_id
        where cd.course_id = ${id} and dc.child_id = ${childId} and dc.choice = 'makeup' and exists (
          select 1 from ${attendance} a where a.course_id = dc.makeup_course_id and a.child_id = dc.child_id and a.date = dc.makeup_date and a.present))::int`,
      // A make-up booked with a token earned on this course (an absence's, a closure's or one given by hand, decision 061).
      tokenMakeups: sql<number>`(select count(*) from ${makeups} m join ${makeupTokens} t on t.id = m.token_id
        where t.course_id = ${id} and m.child_id = ${childId} and m.cancelled_at is null and exists (
          select 1 from ${attendance} a where a.course_id = m.course_id and a.child_id = m.child_id and a.date = m.date and a.present))::int`,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row ? { held: Number(row.held), attended: Number(row.own) + Number(row.makeups) + Number(row.tokenMakeups) } : { held: 0, attended: 0 };
}

/** The family data export: every mark of the children (with the skill's words and level) and the notes on them. */
export async function progressOfChildren(db: DbOrTx, childIds: readonly string[]) {
  if (childIds.length === 0) return { marks: [], notes: [] };
  const [marks, notes] = await Promise.all([
    db
      .select({ childId: skillMarks.childId, level: levels.name, skill: skills.description, state: skillMarks.state, madeAt: skillMarks.madeAt })
      .from(skillMarks)
      .innerJoin(skills, eq(skills.id, skillMarks.skillId))
      .innerJoin(levels, eq(levels.id, skills.levelId))
      .where(inArray(skillMarks.childId, [...childIds]))
      .orderBy(asc(skillMarks.madeAt), asc(skillMarks.id)),
    db
      .select({ childId: progressNotes.childId, courseId: progressNotes.courseId, comment: progressNotes.comment, recommendedLevel: levels.name })
      .from(progressNotes)
      .leftJoin(levels, eq(levels.id, progressNotes.recommendedLevelId))
      .where(inArray(progressNotes.childId, [...childIds])),
  ]);
  return { marks, notes };
}
