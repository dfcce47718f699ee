import type { DbOrTx } from '../../db/client';
import { AppError } from '../../plugins/errors';
import * as repo from './courses.repo';
import type { Viewer } from './viewer';

/**
 * Object-level access to a course's participants (names, guardians' phone and e-mail, attendance): admins, and the
 * instructors who teach that course. Everyone else gets 403 (spec §7: "fail with error 403"); an unknown course 404.
 *
 * Until the access module of issue 8 lands (apps/server/src/access/access.ts), the course actions live here; they
 * move there as 'course.participants.read' (and the admin-only 'course.write' stays the route's role gate).
 */
export async function canReadParticipants(db: DbOrTx, viewer: Viewer, courseId: string): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.isAdmin) return true;
  return viewer.isInstructor && (await repo.isCourseInstructor(db, courseId, viewer.id));
}

export async function requireParticipantsAccess(db: DbOrTx, viewer: Viewer, courseId: string): Promise<repo.CourseListRow> {
  const course = await repo.findCourseRow(db, courseId);
  if (!course) throw new AppError('NOT_FOUND', 'Course not found');
  if (!(await canReadParticipants(db, viewer, courseId))) throw new AppError('FORBIDDEN', 'Not an instructor of this course');
  return course;
}

/** GET /users/instructors/:id/courses: an instructor reads their own list; an admin anyone's. */
export function requireSelfOrAdmin(viewer: Viewer, userId: string): void {
  if (!viewer) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  if (!viewer.isAdmin && viewer.id !== userId) throw new AppError('FORBIDDEN', 'Only your own courses');
}
