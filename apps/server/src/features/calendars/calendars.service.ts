import type { CalendarInput } from '@app/shared';
import { can } from '../../access/access';
import type { ServiceContext } from '../../context';
import { courseCalendar, type CourseCalendarFile } from '../../integrations/calendar';
import { AppError } from '../../lib/app-error';
import * as courses from '../../repos/courses.repo';

/**
 * Spec §7 POST /calendars: a course's dates as an .ics file, for a family with a child on the course (or an admin).
 * Anything else is 404, so the answer never tells whether a course or another family's booking exists.
 */
export async function courseCalendarFor(ctx: ServiceContext, input: CalendarInput): Promise<CourseCalendarFile> {
  const notFound = () => new AppError('NOT_FOUND', 'Calendar not found');
  if (!(await can(ctx, 'user.act-as', input.userId)) || !(await can(ctx, 'course.calendar', input.courseId))) throw notFound();
  const course = await courses.findCourseDetails(ctx.db, input.courseId);
  if (!course) throw notFound();
  return courseCalendar(course, { companyName: ctx.env.site.companyName, siteUrl: ctx.env.PUBLIC_URL });
}
