import * as changes from '../../repos/changes.repo';
import { tellChildChange } from '../../domain/enrolment/change-notices';
import {
  fullName,
  osloDateKey,
  searchTerm,
  type AttendanceInput,
  type AttendanceMark,
  type CourseParticipants,
  type ParticipantCandidates,
  type ParticipantCandidatesQuery,
  toIso,
} from '@app/shared';
import { requireAccess } from '../../access/access';
import { lockCourses, reserveSeat, seatError } from '../../domain/enrolment/seats';
import { signedIn, withTx, type ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { busyAsAppError } from '../../db/busy';
import { AppError } from '../../lib/app-error';
import * as care from '../../repos/care.repo';
import * as repo from '../../repos/courses.repo';
import * as seats from '../../repos/seats.repo';
import * as profiles from '../../repos/profiles.repo';
import * as users from '../../repos/users.repo';
import * as waitlist from '../../repos/waitlist.repo';

const byFirstName = new Intl.Collator('nb-NO', { sensitivity: 'base' });

/** What the course list shows of a child's care details: marks and the emergency phone, never the note's text. */
const careMarks = (row: care.ChildCareRow | undefined) => ({
  hasHealthNote: !!row?.healthNote,
  photoConsent: row?.photoConsent ?? false,
  emergencyContact: care.emergencyContactOf(row),
});

/** The course, when the viewer may read its participants (its instructors and admins): course.participants.read. */
async function readableCourse(ctx: ServiceContext, courseId: string): Promise<repo.CourseListRow> {
  await requireAccess(ctx, 'course.participants.read', courseId);
  const course = await repo.findCourseRow(ctx.db, courseId);
  if (!course) throw new AppError('NOT_FOUND', 'Course not found');
  return course;
}

/** Capacity for an admin's add or move (reserveSeat, under the course lock); full is COURSE_FULL unless overridden. */
async function placeOnCourse(tx: DbOrTx, courseId: string, childId: string, override: boolean): Promise<{ overrideUsed: boolean }> {
  const seat = await reserveSeat(tx, courseId, { by: 'admin', childId, override });
  if ('refused' in seat) throw seatError(seat);
  return { overrideUsed: seat.overrideUsed };
}

/** POST /courses/:id/participants {id}: an admin puts a child on a course (spec §6). */
export async function addParticipant(ctx: ServiceContext, courseId: string, childId: string, override: boolean): Promise<void> {
  const admin = signedIn(ctx);
  await requireAccess(ctx, 'course.write', courseId);
  if (!(await profiles.findChild(ctx.db, childId))) throw new AppError('NOT_FOUND', 'Child not found');
  await busyAsAppError(() =>
    withTx(ctx, async (ctx) => {
      const tx = ctx.db;
      const { overrideUsed } = await placeOnCourse(tx, courseId, childId, override);
      await repo.insertAdminParticipant(tx, { courseId, childId, addedBy: admin.id, capacityOverride: overrideUsed });
      await waitlist.markBookedOnCourse(tx, courseId, childId);
      await tellChildChange(ctx, 'added', { childId, courseId });
    }),
  );
}

/** GET /courses/:id/participants/candidates: children by name, with their guardians and whether on the course. */
export async function searchCandidates(ctx: ServiceContext, courseId: string, query: ParticipantCandidatesQuery): Promise<ParticipantCandidates> {
  await requireAccess(ctx, 'course.write', courseId);
  const { db } = ctx;
  const found = await profiles.searchChildren(db, searchTerm(query.name), query.limit);
  const childIds = found.rows.map((r) => r.id);
  if (childIds.length === 0) return { total: 0, children: [] };
  const [onCourse, guardianRows] = await Promise.all([
    repo.participantChildIdsQuery(db, courseId, childIds),
    profiles.listGuardians(db, [...new Set(found.rows.map((r) => r.profileId))]),
  ]);
  const names = await users.findUserContacts(db, guardianRows.map((g) => g.userId));
  const enrolled = new Set(onCourse.map((r) => r.childId));
  return {
    total: found.total,
    children: found.rows.map((r) => ({
      _id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      birthdate: r.birthdate,
      guardians: guardianRows
        .filter((g) => g.profileId === r.profileId)
        .flatMap((g) => {
          const user = names.get(g.userId);
          return user ? [{ firstName: user.firstName, lastName: user.lastName }] : [];
        }),
      onCourse: enrolled.has(r.id),
    })),
  };
}

/** Takes a child off a course (in the caller's transaction); CHILD_NOT_IN_COURSE if absent. */
export async function removeParticipant(db: DbOrTx, courseId: string, childId: string): Promise<void> {
  if (!(await repo.deleteParticipant(db, courseId, childId))) {
    if (!(await repo.courseExists(db, courseId))) throw new AppError('NOT_FOUND', 'Course not found');
    throw new AppError('CHILD_NOT_IN_COURSE', 'Child is not in course');
  }
}

/** DELETE /courses/:id/participants/:userId: an admin takes a child off a course (course.write). */
export async function removeParticipantAsAdmin(ctx: ServiceContext, courseId: string, childId: string): Promise<void> {
  await requireAccess(ctx, 'course.write', courseId);
  await withTx(ctx, async (ctx) => {
    await removeParticipant(ctx.db, courseId, childId);
    await tellChildChange(ctx, 'removed', { childId, courseId });
  });
}

/** Moves a child (spec §4) with one update of its row, both courses locked in id order; capacity as for an add. */
export async function moveParticipant(
  ctx: ServiceContext,
  move: { fromCourseId: string; toCourseId: string; childId: string; override: boolean },
): Promise<void> {
  const admin = signedIn(ctx);
  if (move.fromCourseId === move.toCourseId) throw new AppError('VALIDATION', 'Invalid input: the child is already on that course');
  await requireAccess(ctx, 'course.write', move.fromCourseId);
  await requireAccess(ctx, 'course.write', move.toCourseId);
  await busyAsAppError(() =>
    withTx(ctx, async (ctx) => {
      const tx = ctx.db;
      if (!(await lockCourses(tx, [move.fromCourseId, move.toCourseId]))) throw new AppError('NOT_FOUND', 'Course not found');
      if (!(await repo.findParticipant(tx, move.fromCourseId, move.childId))) {
        throw new AppError('CHILD_NOT_IN_COURSE', 'Child is not in course');
      }
      const { overrideUsed } = await placeOnCourse(tx, move.toCourseId, move.childId, move.override);
      await repo.moveParticipant(tx, { ...move, movedBy: admin.id, capacityOverride: overrideUsed });
      await waitlist.markBookedOnCourse(tx, move.toCourseId, move.childId);
      // The order follows the child, with the move in its history.
      await changes.moveOrderOfParticipant(tx, { toCourseId: move.toCourseId, childId: move.childId, history: { fromCourseId: move.fromCourseId, toCourseId: move.toCourseId, at: ctx.clock.now().toISOString(), by: admin.id } });
      await tellChildChange(ctx, 'moved', { childId: move.childId, courseId: move.toCourseId, fromCourseId: move.fromCourseId });
    }),
  );
}

/** GET /courses/:id/participants: the list behind the participants modal and the printable 'Kursliste'. */
export async function listParticipants(ctx: ServiceContext, courseId: string): Promise<CourseParticipants> {
  const course = await readableCourse(ctx, courseId);
  const { db } = ctx;
  const [rows, instructorIds, marks] = await Promise.all([
    repo.findParticipants(db, [courseId]),
    repo.findInstructorIds(db, [courseId]),
    repo.findAttendance(db, courseId),
  ]);
  const [guardianRows, careRows] = await Promise.all([
    profiles.listGuardians(db, rows.map((r) => r.profileId)),
    care.findCareOf(db, rows.map((r) => r.childId)),
  ]);
  const teachers = instructorIds.get(courseId) ?? [];
  const contacts = await users.findUserContacts(db, [...guardianRows.map((g) => g.userId), ...teachers]);
  const guardians = guardianRows.flatMap((g) => {
    const contact = contacts.get(g.userId);
    return contact ? [{ profileId: g.profileId, ...contact }] : [];
  });
  const instructors = teachers
    .map((id) => contacts.get(id))
    .filter((c): c is users.UserContact => !!c)
    .sort((a, b) => byFirstName.compare(a.firstName, b.firstName) || byFirstName.compare(a.lastName, b.lastName));
  const isAdmin = !!ctx.viewer?.isAdmin;
  const participants = rows
    .map((r) => ({
      _id: r.childId,
      firstName: r.firstName,
      lastName: r.lastName,
      birthdate: r.birthdate,
      profileId: isAdmin ? r.profileId : null,
      capacityOverride: r.capacityOverride,
      ...careMarks(careRows.get(r.childId)),
      guardians: guardians
        .filter((g) => g.profileId === r.profileId)
        .map((g) => ({ firstName: g.firstName, lastName: g.lastName, phone: g.phone, email: g.email })),
    }))
    // Spec §2: sorted by first name (Norwegian order: æ, ø, å last).
    .sort((a, b) => byFirstName.compare(a.firstName, b.firstName) || byFirstName.compare(fullName(a), fullName(b)));
  return {
    course: {
      _id: course.id,
      name: course.name,
      placeName: course.placeName,
      town: course.placeTown,
      experienceLevel: course.experienceLevel,
      participantsAge: course.participantsAge,
      timeFrom: course.timeFrom,
      timeTo: course.timeTo,
      dates: course.dates.map((d) => toIso(d)),
      maximumParticipants: course.maximumParticipants,
      instructors: instructors.map((i) => ({ _id: i.id, firstName: i.firstName, lastName: i.lastName })),
    },
    participants,
    attendance: marks.map((m) => ({ childId: m.childId, date: toIso(m.date), present: m.present })),
  };
}

/** POST /courses/:id/attendance: marks for children on the course and dates that have come (Oslo day); else nothing. */
export async function recordAttendance(ctx: ServiceContext, courseId: string, input: AttendanceInput): Promise<AttendanceMark[]> {
  const viewer = signedIn(ctx);
  const { db } = ctx;
  const now = ctx.clock.now();
  const course = await readableCourse(ctx, courseId);
  const dates = new Set(course.dates.map((d) => new Date(d).getTime()));
  const onCourse = new Set((await repo.findParticipants(db, [courseId])).map((p) => p.childId));
  // A child on a make-up date is on the course that date only (decision 061): its mark counts for its own certificate.
  const visiting = await seats.makeupVisits(db, courseId);
  // One mark per (child, date): the latest tap wins, also inside one batch.
  const latest = new Map<string, { childId: string; date: Date; present: boolean; markedAt: Date }>();
  for (const mark of input.marks) {
    const date = new Date(mark.date);
    if (!dates.has(date.getTime())) throw new AppError('NOT_A_COURSE_DATE', 'Invalid input: not a date of this course');
    if (osloDateKey(date) > osloDateKey(now)) throw new AppError('DATE_NOT_YET', 'Invalid input: that date has not come');
    const key = `${mark.childId}|${date.getTime()}`;
    if (!onCourse.has(mark.childId) && !visiting.has(key)) throw new AppError('CHILD_NOT_IN_COURSE', 'Child is not in course');
    // A phone clock ahead of ours must not make its mark unbeatable: never later than now.
    const markedAt = new Date(Math.min(Date.parse(mark.markedAt), now.getTime()));
    const known = latest.get(key);
    if (!known || known.markedAt <= markedAt) latest.set(key, { childId: mark.childId, date, present: mark.present, markedAt });
  }
  await repo.upsertAttendance(db, courseId, viewer.id, [...latest.values()]);
  const marks = await repo.findAttendance(db, courseId);
  return marks.map((m) => ({ childId: m.childId, date: toIso(m.date), present: m.present }));
}
