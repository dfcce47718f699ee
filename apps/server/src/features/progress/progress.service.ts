import {
  fullName,
  type ChildProgress,
  type CourseProgress,
  type CurrentMark,
  type ProgressNoteInput,
  type SkillMarksInput,
} from '@app/shared';
import { requireAccess } from '../../access/access';
import { signedIn, type ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { currentSettings } from '../../domain/settings/settings';
import { defaultRecommendation, earnsCertificate } from '../../domain/progress/rules';
import { AppError } from '../../lib/app-error';
import * as courses from '../../repos/courses.repo';
import * as levels from '../../repos/levels.repo';
import * as profiles from '../../repos/profiles.repo';
import { certificatePdf } from './certificate-pdf';

/** Marks on the pool deck, the instructor's notes, 'Fremgang' and 'Kursbevis' (decision 057). */

/** A phone clock a little ahead is forgiven (stored as the time received); more is refused. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** The ladder in use (not retired, bottom first), and the levels and skills by id. */
async function ladderOf(db: DbOrTx) {
  const [rows, skills] = await Promise.all([levels.listLevels(db), levels.listSkills(db)]);
  return {
    inUse: rows.filter((l) => !l.retired).map((l) => l.id),
    byId: new Map(rows.map((l) => [l.id, l])),
    skills,
    skillsOf: (levelId: string) => skills.filter((s) => s.levelId === levelId),
  };
}
type Ladder = Awaited<ReturnType<typeof ladderOf>>;

const toMark = (m: levels.MarkRow): CurrentMark => ({ childId: m.childId, skillId: m.skillId, state: m.state, madeAt: m.madeAt.toISOString() });

async function courseOf(ctx: ServiceContext, courseId: string) {
  const course = await courses.findCourseRow(ctx.db, courseId);
  if (!course) throw new AppError('NOT_FOUND', 'Course not found');
  return course;
}

/** The default 'Anbefalt neste kurs' for each child (by the skills of the level in use mastered now). */
function recommendationOf(ladder: Ladder, levelId: string, marks: readonly levels.MarkRow[], childId: string): string {
  const skillIds = ladder.skillsOf(levelId).filter((s) => !s.retired).map((s) => s.id);
  const mastered = new Set(marks.filter((m) => m.childId === childId && m.state === 'Mestrer').map((m) => m.skillId));
  return defaultRecommendation({ ladder: ladder.inUse, levelId, skillIds, mastered });
}

/** GET /courses/:id/progress: the grid 'Ferdigheter' of the course's instructors and admins. */
export async function courseProgress(ctx: ServiceContext, courseId: string): Promise<CourseProgress> {
  await requireAccess(ctx, 'course.progress.write', courseId);
  const { db } = ctx;
  const course = await courseOf(ctx, courseId);
  const [ladder, participants, notes] = await Promise.all([ladderOf(db), courses.findParticipants(db, [courseId]), levels.notesOfCourse(db, courseId)]);
  const level = course.levelId ? ladder.byId.get(course.levelId) : undefined;
  const skills = level ? ladder.skillsOf(level.id) : [];
  const marks = await levels.currentMarks(db, participants.map((p) => p.childId), skills.map((s) => s.id));
  const next = level ? ladder.byId.get(ladder.inUse[ladder.inUse.indexOf(level.id) + 1] ?? '') : undefined;
  const noteOf = new Map(notes.map((n) => [n.childId, n]));
  return {
    level: level
      ? { _id: level.id, name: level.name, retired: level.retired, skills: skills.map((s) => ({ _id: s.id, description: s.description, retired: s.retired })) }
      : null,
    nextLevel: next ? { _id: next.id, name: next.name } : null,
    children: participants.map((p) => ({
      _id: p.childId,
      firstName: p.firstName,
      lastName: p.lastName,
      comment: noteOf.get(p.childId)?.comment ?? '',
      recommendedLevelId: noteOf.get(p.childId)?.recommendedLevelId ?? null,
      defaultRecommendationId: level ? recommendationOf(ladder, level.id, marks, p.childId) : null,
    })),
    marks: marks.map(toMark),
  };
}

/**
 * POST /courses/:id/skill-marks: a batch of the offline queue, all or nothing. Each mark is added to the history; the
 * current state is the latest made_at, so a stale mark sent late is kept but does not win. Refused (params.index
 * names the mark): a child not on the course, a skill not of the course's level, a retired skill or level, a time
 * more than 5 minutes ahead. A time up to 5 minutes ahead is stored as the time received.
 */
export async function recordMarks(ctx: ServiceContext, courseId: string, input: SkillMarksInput): Promise<CurrentMark[]> {
  const viewer = signedIn(ctx);
  await requireAccess(ctx, 'course.progress.write', courseId);
  const now = ctx.clock.now();
  const course = await courseOf(ctx, courseId);
  const [ladder, participants] = await Promise.all([ladderOf(ctx.db), courses.findParticipants(ctx.db, [courseId])]);
  const onCourse = new Set(participants.map((p) => p.childId));
  const level = course.levelId ? ladder.byId.get(course.levelId) : undefined;
  const skills = new Map((level ? ladder.skillsOf(level.id) : []).map((s) => [s.id, s]));
  const rows = input.marks.map((mark, index) => {
    const skill = skills.get(mark.skillId);
    const madeAt = new Date(mark.madeAt);
    if (!onCourse.has(mark.childId)) throw new AppError('CHILD_NOT_IN_COURSE', 'Child is not in course', { index });
    if (!skill) throw new AppError('SKILL_NOT_OF_LEVEL', 'Invalid input: the skill is not of the course level', { index });
    if (skill.retired || level?.retired) throw new AppError('SKILL_RETIRED', 'Invalid input: the skill is retired', { index });
    if (madeAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) throw new AppError('MARK_IN_FUTURE', 'Invalid input: the mark is in the future', { index });
    return { childId: mark.childId, skillId: mark.skillId, courseId, state: mark.state, madeAt: madeAt > now ? now : madeAt, madeBy: viewer.id };
  });
  await levels.insertMarks(ctx.db, rows);
  return (await levels.currentMarks(ctx.db, [...onCourse], [...skills.keys()])).map(toMark);
}

/** PUT /courses/:id/progress/:childId: the comment and 'Anbefalt neste kurs' (the course's level or the next; null: the default). */
export async function saveNote(ctx: ServiceContext, courseId: string, childId: string, input: ProgressNoteInput): Promise<void> {
  const viewer = signedIn(ctx);
  await requireAccess(ctx, 'course.progress.write', courseId);
  const course = await courseOf(ctx, courseId);
  if (!(await courses.findParticipant(ctx.db, courseId, childId))) throw new AppError('CHILD_NOT_IN_COURSE', 'Child is not in course');
  if (input.recommendedLevelId !== null) {
    const { inUse } = await ladderOf(ctx.db);
    const at = course.levelId ? inUse.indexOf(course.levelId) : -1;
    if (at < 0 || (input.recommendedLevelId !== inUse[at] && input.recommendedLevelId !== inUse[at + 1])) {
      throw new AppError('RECOMMENDATION_INVALID', 'Invalid input: recommend the same level or the next');
    }
  }
  await levels.upsertNote(ctx.db, { courseId, childId, comment: input.comment, recommendedLevelId: input.recommendedLevelId, writtenBy: viewer.id });
}

/** Whether the child earned 'Kursbevis' for the course (over, and enough of the dates held attended). */
async function certificateEarned(ctx: ServiceContext, course: { id: string; lastDate: Date | null }, childId: string, minPercent: number): Promise<boolean> {
  const over = !!course.lastDate && course.lastDate.getTime() < ctx.clock.now().getTime();
  if (!over) return false;
  const { held, attended } = await levels.attendanceCount(ctx.db, course.id, childId);
  return earnsCertificate({ over, datesHeld: held, attended, minPercent });
}

/** GET /children/:id/progress: 'Fremgang' (the child's guardians, the instructors of its courses, admins). */
export async function childProgress(ctx: ServiceContext, childId: string): Promise<ChildProgress> {
  await requireAccess(ctx, 'child.progress.read', childId);
  const { db } = ctx;
  const [ladder, taken, marks, mastered, notes, settings] = await Promise.all([
    ladderOf(db),
    courses.coursesOfChildren(db, [childId]),
    levels.currentMarks(db, [childId]),
    levels.masteredSince(db, childId),
    levels.notesOfChild(db, childId),
    currentSettings(ctx, 'certificate'),
  ]);
  const stateOf = new Map(marks.map((m) => [m.skillId, m.state]));
  const noteOf = new Map(notes.map((n) => [n.courseId, n]));
  const levelName = (id: string | null | undefined) => (id ? (ladder.byId.get(id)?.name ?? null) : null);
  const currentLevelId = taken.findLast((t) => t.course.levelId)?.course.levelId ?? null;
  const shown = [...ladder.byId.values()].filter((l) => !l.retired || l.id === currentLevelId || ladder.skillsOf(l.id).some((s) => stateOf.has(s.id)));
  return {
    ladder: shown.map((l) => ({ _id: l.id, name: l.name })),
    currentLevelId,
    levels: shown.map((l) => ({
      _id: l.id,
      name: l.name,
      skills: ladder
        .skillsOf(l.id)
        .filter((s) => !s.retired || stateOf.has(s.id))
        .map((s) => ({ _id: s.id, description: s.description, state: stateOf.get(s.id) ?? null, masteredAt: mastered.get(s.id)?.toISOString() ?? null })),
    })),
    courses: await Promise.all(
      taken.map(async ({ course }) => {
        const note = noteOf.get(course.id);
        const recommended = note?.recommendedLevelId ?? (course.levelId && course.lastDate && course.lastDate < ctx.clock.now() ? recommendationOf(ladder, course.levelId, marks, childId) : null);
        return {
          _id: course.id,
          name: course.name,
          levelName: levelName(course.levelId),
          comment: note?.comment ?? '',
          recommendedLevel: levelName(recommended),
          certificate: await certificateEarned(ctx, course, childId, settings.value.minAttendancePercent),
        };
      }),
    ),
  };
}

/** GET /children/:id/courses/:courseId/certificate: 'Kursbevis' as a PDF, when earned (else NO_CERTIFICATE). */
export async function certificate(ctx: ServiceContext, childId: string, courseId: string): Promise<{ filename: string; pdf: Uint8Array }> {
  await requireAccess(ctx, 'child.progress.read', childId);
  const { db } = ctx;
  const [child, taken, settings, ladder, marks] = await Promise.all([
    profiles.findChild(db, childId),
    courses.coursesOfChildren(db, [childId]),
    currentSettings(ctx, 'certificate'),
    ladderOf(db),
    levels.currentMarks(db, [childId]),
  ]);
  const found = taken.find((t) => t.course.id === courseId);
  if (!child || !found || !(await certificateEarned(ctx, found.course, childId, settings.value.minAttendancePercent))) {
    throw new AppError('NO_CERTIFICATE', 'No certificate for this course');
  }
  const { course } = found;
  const level = course.levelId ? ladder.byId.get(course.levelId) : undefined;
  const masteredNow = new Set(marks.filter((m) => m.state === 'Mestrer').map((m) => m.skillId));
  const pdf = await certificatePdf({
    childName: fullName(child),
    levelName: level?.name ?? course.name,
    skills: level ? ladder.skillsOf(level.id).filter((s) => masteredNow.has(s.id)).map((s) => s.description) : [],
    venue: `${found.placeName}, ${found.placeTown}`,
    dates: course.dates,
    schoolName: ctx.env.site.companyName,
  });
  return { filename: `kursbevis-${course.id}.pdf`, pdf };
}
