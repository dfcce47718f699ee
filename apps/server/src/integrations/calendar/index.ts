export {
  attachmentDisposition,
  courseCalendar,
  courseCalendarFilename,
  courseSessions,
  courseTitle,
  type CalendarCourse,
  type CourseCalendarFile,
} from './course-calendar';
