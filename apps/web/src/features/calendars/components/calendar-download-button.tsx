import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { useCourseCalendar } from '../api/get-course-calendar';

interface CalendarCourse {
  _id: string;
  name: string;
  experienceLevel?: string;
  dates: readonly string[];
}

/** Spec §7/§9: 'kurskalender {name} {first date}.ics' (first date DD.MM.YYYY), the same name the server gives. */
export function calendarFileName(course: CalendarCourse): string {
  const name = (course.name.trim() || course.experienceLevel?.trim() || 'Kurs')
    .replace(/[\p{Cc}/\\:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const first = [...course.dates].sort()[0];
  return `${['kurskalender', name, first ? formatDate(first) : ''].filter(Boolean).join(' ')}.ics`;
}

/** 'Last ned kalender': the course's dates as an .ics file for the user's own calendar. */
export function CalendarDownloadButton({ userId, course, label }: { userId: string; course: CalendarCourse; label?: string }) {
  const toast = useToast();
  const calendar = useCourseCalendar();
  const download = () =>
    calendar.mutate(
      { userId, courseId: course._id },
      {
        onSuccess: (content) => saveFile(content, calendarFileName(course), 'text/calendar;charset=utf-8'),
        onError: () => toast.error('Kunne ikke hente kalender'),
      },
    );
  return (
    <Button variant="secondary" onClick={download} disabled={calendar.isPending} aria-label={label}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
        <rect x="3" y="4" width="14" height="13" rx="2" />
        <path d="M3 8h14M7 2.5v3M13 2.5v3M10 10.5v4M8 12.5l2 2 2-2" />
      </svg>
      {calendar.isPending ? 'Henter …' : 'Last ned kalender'}
    </Button>
  );
}
