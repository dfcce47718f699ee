import type { ReactNode } from 'react';
import type { ProfileOverview } from '@shared/api/profiles';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDate, osloDateKey, osloWeekday, relativeDayLabel, weekdayPlural } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { TitledSection } from '@/components/ui/titled-section';

type InstructorCourse = ProfileOverview['instructorCourses'][number];

const courseTitle = (c: InstructorCourse) => c.name || c.experienceLevel;

/** The next lesson of all the courses: today's (even once it has begun: attendance is taken during it), else the next. */
function nextLesson(courses: readonly InstructorCourse[], now: number): { course: InstructorCourse; date: string } | null {
  const today = osloDateKey(now);
  let best: { course: InstructorCourse; date: string } | null = null;
  for (const course of courses) {
    const date = [...course.dates].sort().find((d) => osloDateKey(d) >= today);
    if (date && (!best || date < best.date)) best = { course, date };
  }
  return best;
}

interface InstructorCoursesProps {
  courses: ProfileOverview['instructorCourses'];
  /** More for each course (the route adds 'Kursliste', which belongs to another feature). */
  courseAction?: (course: InstructorCourse) => ReactNode;
}

/** 'Som instruktør': the courses the owner teaches from now on, the next lesson's attendance first. */
export function InstructorCourses({ courses, courseAction }: InstructorCoursesProps) {
  const now = useNow();
  if (courses.length === 0) return null;
  const next = nextLesson(courses, now);
  return (
    <TitledSection id="som-instruktor-tittel" title="Som instruktør" titleClassName="mb-4 text-2xl font-bold text-sea-900">
      {next ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-sea-50 p-3 sm:p-4">
          <p className="min-w-0">
            <span className="block font-semibold text-sea-900">Neste time</span>
            <span className="break-words">
              {relativeDayLabel(next.date, now) ?? formatDate(next.date)} kl. {next.course.timeFrom} · {courseTitle(next.course)}, {next.course.place.name}
            </span>
          </p>
          <ButtonLink to={paths.attendance(next.course._id)}>Ta oppmøte</ButtonLink>
        </div>
      ) : null}
      <ul className="space-y-2">
        {courses.map((c) => {
          const sorted = [...c.dates].sort();
          const first = sorted[0];
          const last = sorted.at(-1);
          const title = courseTitle(c);
          return (
            <li key={c._id} className="rounded-xl border border-sea-200 bg-white p-3 sm:p-4">
              <p className="font-bold break-words text-sea-900">{title}</p>
              <p className="break-words">
                {c.place.name}, {c.place.place}
              </p>
              <p className="text-sm">
                {weekdayPlural(first ? osloWeekday(first) : null)} kl. {c.timeFrom}–{c.timeTo} · {formatDate(first)} – {formatDate(last)}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <ButtonLink variant="secondary" to={paths.attendance(c._id)} aria-label={`Oppmøte, ${title}, ${c.place.name}`}>
                  Oppmøte
                </ButtonLink>
                <ButtonLink variant="secondary" to={paths.skills(c._id)} aria-label={`Ferdigheter, ${title}, ${c.place.name}`}>
                  Ferdigheter
                </ButtonLink>
                {courseAction?.(c)}
              </div>
            </li>
          );
        })}
      </ul>
    </TitledSection>
  );
}
