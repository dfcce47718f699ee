import { lazy, Suspense, useState } from 'react';
import { hasRole, useCurrentUser } from '@/lib/current-user';

// The printable list's code loads when it is first opened, never with the page.
const CourseListDialog = lazy(() =>
  import('@/features/participants/components/course-list-dialog').then((m) => ({ default: m.CourseListDialog })),
);
const CourseChanges = lazy(() => import('@/features/changes/components/course-changes').then((m) => ({ default: m.CourseChanges })));
const CourseAbsencesAdmin = lazy(() => import('@/features/absences/components/course-absences-admin').then((m) => ({ default: m.CourseAbsencesAdmin })));

/** The 'Kursliste' dialog of `courseId`, mounted from its first opening on, so closing it keeps its exit animation. */
export function CourseListOnDemand({ courseId, onClose }: { courseId: string | null; onClose: () => void }) {
  const admin = hasRole(useCurrentUser().data, 'admin');
  const [opened, setOpened] = useState(courseId !== null);
  if (courseId !== null && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <CourseListDialog courseId={courseId} onClose={onClose} changes={
          courseId ? (
            <>
              <CourseChanges courseId={courseId} showChoices />
              {admin ? <CourseAbsencesAdmin courseId={courseId} /> : null}
            </>
          ) : null
        }
      />
    </Suspense>
  );
}
