import { useParams } from 'react-router';
import { Forbidden, NotFound, UnknownError } from '@/components/errors/error-view';
import { Container } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { AccessGuard, PageLoading } from '@/features/auth/components/access-guard';
import { useCourseParticipants } from '@/features/participants/api/participants';
import { AttendanceSheet } from '@/features/participants/components/attendance-sheet';
import { useCourseChanges } from '@/features/changes/api/changes';
import { CourseChanges } from '@/features/changes/components/course-changes';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ButtonLink } from '@/components/ui/button';

function Attendance({ courseId }: { courseId: string }) {
  const list = useCourseParticipants(courseId);
  const changes = useCourseChanges(courseId);
  useDocumentTitle('Oppmøte');
  if (list.isPending) return <PageLoading label="Laster oppmøte" />;
  if (list.isError) {
    const status = isApiError(list.error) ? list.error.status : 0;
    return status === 403 ? <Forbidden /> : status === 404 || status === 400 ? <NotFound /> : <UnknownError />;
  }
  const { course } = list.data;
  return (
    <Container className="max-w-xl py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl">Oppmøte</h1>
      <p className="mt-1 mb-5 text-muted">
        {course.placeName} · {course.experienceLevel} · kl. {course.timeFrom}–{course.timeTo}
        {course.dates[0] ? ` · fra ${formatDate(course.dates[0])}` : ''}
      </p>
      <CourseChanges courseId={courseId} />
      <AttendanceSheet list={list.data} absences={changes.data?.absences} />
      <p className="mt-8">
        <ButtonLink to={paths.courses} variant="ghost">
          Til kursene
        </ButtonLink>
      </p>
    </Container>
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
