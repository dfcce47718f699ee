import type { CalendarInput } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import type { Env } from '../../env';
import { courseCalendar, type CourseCalendarFile } from '../../integrations/calendar';
import type { Viewer } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import * as repo from './calendars.repo';

/**
 * Spec §7 POST /calendars: a course's dates as an .ics file, for a family with a child on the course (or an admin).
 * Anything else is 404, so the answer never tells whether a course or another family's booking exists.
 */
export async function courseCalendarFor(
  db: DbOrTx,
  env: Pick<Env, 'site' | 'PUBLIC_URL'>,
  viewer: NonNullable<Viewer>,
  input: CalendarInput,
): Promise<CourseCalendarFile> {
  const notFound = () => new AppError('NOT_FOUND', 'Calendar not found');
  if (!viewer.isAdmin && viewer.id !== input.userId) throw notFound();
  const course = await repo.findCourseForCalendar(db, input.courseId);
  if (!course) throw notFound();
  if (!viewer.isAdmin && !(await repo.hasFamilyParticipant(db, course.id, input.userId))) throw notFound();
  return courseCalendar(course, { companyName: env.site.companyName, siteUrl: env.PUBLIC_URL });
}
