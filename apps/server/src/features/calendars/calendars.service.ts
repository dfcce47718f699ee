import type { CalendarInput } from '@app/shared';
import { can } from '../../access/access';
import type { ServiceContext } from '../../context';
import { courseCalendar, type CourseCalendarFile } from '../../integrations/calendar/course-calendar';
import { AppError } from '../../lib/app-error';
import * as courses from '../../repos/courses.repo';

/** Spec §7 POST /calendars: a course's .ics for a family on it (or an admin); else 404, telling nothing. */
export async function courseCalendarFor(ctx: ServiceContext, input: CalendarInput): Promise<CourseCalendarFile> {
  const notFound = () => new AppError('NOT_FOUND', 'Calendar not found');
  if (!(await can(ctx, 'user.act-as', input.userId)) || !(await can(ctx, 'course.calendar', input.courseId))) throw notFound();
  const course = await courses.findCourseDetails(ctx.db, input.courseId);
  if (!course) throw notFound();
  return courseCalendar(course, { companyName: ctx.env.site.companyName, siteUrl: ctx.env.PUBLIC_URL });
}
