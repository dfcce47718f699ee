import { useMemo } from 'react';
import type { Course } from '@shared/api';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, groupCourses, osloWeekday, sortCourses, weekdayName } from '@/lib/format';
import { CourseRow, type CourseRowExtras } from './course-row';

interface CourseListProps extends CourseRowExtras {
  courses: readonly Course[] | undefined;
  isPending: boolean;
  loggedIn: boolean;
  onBook: (course: Course) => void;
  /** The viewer's own children per course id (first names), for 'Påmeldt: Ella'. */
  ownChildren?: ReadonlyMap<string, readonly string[]>;
}

function CourseRowSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-[10.25rem] flex-col gap-2 rounded-2xl border border-line bg-white p-4 sm:h-28">
      <Skeleton className="h-6 w-2/3 sm:w-1/3" />
      <Skeleton className="h-5 w-1/2 sm:w-1/4" />
      <Skeleton className="h-4 w-1/3 sm:w-1/5" />
    </div>
  );
}

/** The course grid of a place: sorted by start time then first date; courses that follow each other are grouped. */
export function CourseList({ courses, isPending, loggedIn, onBook, ownChildren, ...extras }: CourseListProps) {
  const groups = useMemo(() => groupCourses(sortCourses(courses ?? [])), [courses]);

  if (isPending) {
    return (
      <div role="status" aria-live="polite" className="space-y-3">
        <span className="sr-only">Laster kurs</span>
        {Array.from({ length: 4 }, (_, i) => (
          <CourseRowSkeleton key={i} />
        ))}
      </div>
    );
  }

  if (groups.length === 0) {
    return (
      <div className="rounded-2xl bg-sand-100 p-6">
        <p className="text-lg font-semibold text-ink">Ingen kurs</p>
        <p className="mt-1 text-muted">Det er ingen kurs på dette kursstedet akkurat nå. Ta gjerne kontakt med oss.</p>
      </div>
    );
  }

  return (
    <ul className="space-y-3">
      {groups.map((group) => {
        const first = group[0]!;
        if (group.length === 1) {
          return (
            <li key={first._id}>
              <CourseRow course={first} loggedIn={loggedIn} onBook={onBook} ownChildren={ownChildren?.get(first._id)} {...extras} />
            </li>
          );
        }
        const day = first.dates[0];
        const label = day ? `${weekdayName(osloWeekday(day)).toLocaleLowerCase('nb-NO')} ${formatDate(day)}` : '';
        return (
          <li key={first._id}>
            <div role="group" aria-label={`Kurs rett etter hverandre ${label}`} className="rounded-3xl border border-aqua-200 bg-aqua-50 p-2 sm:p-3">
              <p className="px-2 pb-2 text-sm font-semibold text-aqua-700">Kurs rett etter hverandre {label}</p>
              <ul className="space-y-2">
                {group.map((course) => (
                  <li key={course._id}>
                    <CourseRow course={course} loggedIn={loggedIn} onBook={onBook} ownChildren={ownChildren?.get(course._id)} {...extras} />
                  </li>
                ))}
              </ul>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
