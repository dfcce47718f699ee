import { DashboardBox } from '@/components/ui/dashboard-box';
import { Skeleton } from '@/components/ui/skeleton';
import { useLastModifiedCourses } from '@/features/courses/api/courses';
import { DashboardCourseRow } from './dashboard-course-row';

/** 'Siste endrede kurs': the three courses changed last. */
export function LastModifiedCoursesBox({ now }: { now: number }) {
  const courses = useLastModifiedCourses();
  return (
    <DashboardBox title="Siste endrede kurs">
      {courses.isPending ? (
        <Skeleton className="h-20 w-full rounded-xl" />
      ) : !courses.data?.length ? (
        <p>Ingen kurs</p>
      ) : (
        <ul className="space-y-2">
          {courses.data.map((course) => (
            <li key={course._id}>
              <DashboardCourseRow course={course} now={now} />
            </li>
          ))}
        </ul>
      )}
    </DashboardBox>
  );
}
