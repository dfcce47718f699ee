import { useParams } from 'react-router';
import { CourseToolError, CourseToolPage } from '@/components/layout/course-tool-page';
import { AccessGuard, PageLoading } from '@/features/auth/components/access-guard';
import { useCourseParticipants } from '@/features/participants/api/participants';
import { AttendanceSheet } from '@/features/participants/components/attendance-sheet';
import { useCourseChanges } from '@/features/changes/api/changes';
import { CourseChanges } from '@/features/changes/components/course-changes';
import { formatDate } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';

function Attendance({ courseId }: { courseId: string }) {
  const list = useCourseParticipants(courseId);
  const changes = useCourseChanges(courseId);
  useDocumentTitle('Oppmøte');
  if (list.isPending) return <PageLoading label="Laster oppmøte" />;
  if (list.isError) return <CourseToolError error={list.error} />;
  const { course } = list.data;
  const subtitle = `${course.placeName} · ${course.experienceLevel} · kl. ${course.timeFrom}–${course.timeTo}${course.dates[0] ? ` · fra ${formatDate(course.dates[0])}` : ''}`;
  return (
    <CourseToolPage title="Oppmøte" subtitle={subtitle}>
      <CourseChanges courseId={courseId} />
      <AttendanceSheet list={list.data} absences={changes.data?.absences} makeups={changes.data?.makeups} />
    </CourseToolPage>
  );
}

/** /oppmote/:courseId: the course's instructor (or an admin) ticks who came, on the phone at the pool. */
export function Component() {
  const { courseId = '' } = useParams();
  return (
    <AccessGuard>
      <Attendance courseId={courseId} />
    </AccessGuard>
  );
}
