import { fullName, toMsisdn, type ChildCare, type ChildCareInput, type CourseHealthNotes, type HealthNoteReads, type ParticipantHealthNote } from '@app/shared';
import { requireAccess } from '../../access/access';
import { signedIn, type ServiceContext } from '../../context';
import { retentionSettings } from '../../env';
import { AppError } from '../../lib/app-error';
import * as care from '../../repos/care.repo';
import * as courses from '../../repos/courses.repo';
import * as profiles from '../../repos/profiles.repo';
import * as users from '../../repos/users.repo';

function toChildCare(ctx: ServiceContext, childId: string, row: care.ChildCareRow | undefined): ChildCare {
  return {
    childId,
    emergencyContact: care.emergencyContactOf(row),
    healthNote: row?.healthNote ?? null,
    healthConsent: !!row?.healthConsentAt,
    photoConsent: row?.photoConsent ?? false,
    retention: retentionSettings(ctx.env),
  };
}

async function readerName(ctx: ServiceContext, userId: string): Promise<string> {
  const contact = (await users.findUserContacts(ctx.db, [userId])).get(userId);
  return contact ? fullName(contact) : 'Ukjent';
}

/** GET /children/:id/care: for the family; an admin outside it may read too, and that reading of the note is logged. */
export async function getCare(ctx: ServiceContext, childId: string): Promise<ChildCare> {
  await requireAccess(ctx, 'child.care.read', childId);
  const viewer = signedIn(ctx);
  const row = await care.findCare(ctx.db, childId);
  if (row?.healthNote && viewer.isAdmin && !(await profiles.isGuardianOfChild(ctx.db, viewer.id, childId))) {
    await care.insertReads(ctx.db, [
      { childId, readerId: viewer.id, readerName: await readerName(ctx, viewer.id), readerRole: 'admin', via: 'child', readAt: ctx.clock.now() },
    ]);
  }
  return toChildCare(ctx, childId, row);
}

/** PUT /children/:id/care: the note is kept only with the consent; saving without it deletes the note at once. */
export async function saveCare(ctx: ServiceContext, childId: string, input: ChildCareInput): Promise<ChildCare> {
  await requireAccess(ctx, 'child.care.write', childId);
  const existing = await care.findCare(ctx.db, childId);
  const phone = input.emergencyPhone === '' ? null : toMsisdn(input.emergencyPhone);
  const row = await care.upsertCare(ctx.db, childId, {
    // The schema takes both or neither, and only a phone toMsisdn reads.
    emergencyName: phone ? input.emergencyName : null,
    emergencyPhone: phone,
    healthNote: input.healthConsent && input.healthNote !== '' ? input.healthNote : null,
    healthConsentAt: input.healthConsent ? (existing?.healthConsentAt ?? ctx.clock.now()) : null,
    photoConsent: input.photoConsent,
  });
  return toChildCare(ctx, childId, row);
}

/** GET /children/:id/health-note/reads: who outside the family read the note, and when (newest first). */
export async function listReads(ctx: ServiceContext, childId: string): Promise<HealthNoteReads> {
  await requireAccess(ctx, 'child.health-note.reads', childId);
  const rows = await care.readsOf(ctx.db, [childId]);
  return {
    reads: rows.map((r) => ({
      readerName: r.readerName,
      readerRole: r.readerRole === 'admin' ? 'admin' : 'instructor',
      courseName: r.courseName,
      via: r.via === 'print' ? 'print' : r.via === 'child' ? 'child' : 'list',
      readAt: r.readAt.toISOString(),
    })),
  };
}

async function logCourseReads(ctx: ServiceContext, courseId: string, childIds: readonly string[], via: 'list' | 'print'): Promise<void> {
  const viewer = signedIn(ctx);
  const [course, teaches, name] = await Promise.all([
    courses.findCourseRow(ctx.db, courseId),
    courses.isInstructorOf(ctx.db, viewer.id, courseId),
    readerName(ctx, viewer.id),
  ]);
  const courseName = course ? course.name || `${course.experienceLevel}, ${course.placeName}` : null;
  const readAt = ctx.clock.now();
  await care.insertReads(
    ctx.db,
    childIds.map((childId) => ({ childId, readerId: viewer.id, readerName: name, readerRole: teaches ? 'instructor' : 'admin', courseId, courseName, via, readAt })),
  );
}

/** GET /courses/:id/participants/:userId/health-note: the course's instructor taps the mark; the reading is logged. */
export async function participantNote(ctx: ServiceContext, courseId: string, childId: string): Promise<ParticipantHealthNote> {
  await requireAccess(ctx, 'course.health-notes.read', courseId);
  if (!(await courses.findParticipant(ctx.db, courseId, childId))) throw new AppError('NOT_FOUND', 'No such participant');
  const row = await care.findCare(ctx.db, childId);
  if (!row?.healthNote) throw new AppError('NOT_FOUND', 'No health note');
  await logCourseReads(ctx, courseId, [childId], 'list');
  return { childId, healthNote: row.healthNote };
}

/** GET /courses/:id/health-notes: every note on the course, for one print with 'Ta med helseopplysninger' (logged). */
export async function courseNotes(ctx: ServiceContext, courseId: string): Promise<CourseHealthNotes> {
  await requireAccess(ctx, 'course.health-notes.read', courseId);
  const notes = await care.notesOnCourse(ctx.db, courseId);
  await logCourseReads(ctx, courseId, notes.map((n) => n.childId), 'print');
  return { notes };
}
