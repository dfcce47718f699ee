import { DASHBOARD_VISIBLE_ROWS } from '@shared/constants';
import { compareCodeUnits } from '@/lib/format';
import { DashboardBox } from '@/components/ui/dashboard-box';
import { Skeleton } from '@/components/ui/skeleton';
import { useCoursesBetween } from '@/features/courses/api/courses';
import { DashboardCourseRow } from './dashboard-course-row';

const DAY_MS = 86_400_000;

/** Spec §9: the dashboard's "today" is from the end of yesterday to the end of today, UTC. */
export function todayWindow(now: number): { start: number; end: number } {
  const start = Math.floor(now / DAY_MS) * DAY_MS;
  return { start, end: start + DAY_MS - 1 };
}

/** 'Kurs i dag': the courses with a session today, counted and grouped by place; three rows show before scrolling. */
export function CoursesTodayBox({ now }: { now: number }) {
  const window = todayWindow(now);
  const courses = useCoursesBetween(window.start, window.end);
  const today = (courses.data ?? []).filter((c) => c.dates.some((d) => Date.parse(d) >= window.start && Date.parse(d) <= window.end));
  const byPlace = new Map<string, typeof today>();
  for (const course of [...today].sort((a, b) => compareCodeUnits(a.timeFrom, b.timeFrom))) {
    const key = `${course.place.name}, ${course.place.place}`;
    byPlace.set(key, [...(byPlace.get(key) ?? []), course]);
  }
  return (
    <DashboardBox title="Kurs i dag" count={courses.isPending ? undefined : today.length} scrollRows={DASHBOARD_VISIBLE_ROWS}>
      {courses.isPending ? (
        <Skeleton className="h-20 w-full rounded-xl" />
      ) : today.length === 0 ? (
        <p>Ingen kurs</p>
      ) : (
        <div className="space-y-3">
          {[...byPlace.entries()].map(([place, list]) => (
            <section key={place} aria-label={place}>
              <h3 className="mb-1.5 font-semibold text-sea-900">{place}</h3>
              <ul className="space-y-2">
                {list.map((course) => (
                  <li key={course._id}>
                    <DashboardCourseRow course={course} now={now} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </DashboardBox>
  );
}
