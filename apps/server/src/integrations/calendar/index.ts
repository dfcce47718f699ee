export {
  attachmentDisposition,
  courseCalendar,
  courseCalendarFilename,
  courseSessions,
  type CalendarCourse,
  type CourseCalendarFile,
} from './course-calendar';
