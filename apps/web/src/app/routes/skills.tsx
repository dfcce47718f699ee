import { useParams } from 'react-router';
import { CourseToolError, CourseToolPage } from '@/components/layout/course-tool-page';
import { AccessGuard, PageLoading } from '@/features/auth/components/access-guard';
import { useCourseProgress } from '@/features/progress/api/progress';
import { SkillsGrid } from '@/features/progress/components/skills-grid';
import { useDocumentTitle } from '@/lib/use-document-title';

function Skills({ courseId }: { courseId: string }) {
  const progress = useCourseProgress(courseId);
  useDocumentTitle('Ferdigheter');
  if (progress.isPending) return <PageLoading label="Laster ferdigheter" />;
  if (progress.isError) return <CourseToolError error={progress.error} />;
  return (
    <CourseToolPage title="Ferdigheter" subtitle={progress.data.level ? `Nivå: ${progress.data.level.name}` : null}>
      <SkillsGrid courseId={courseId} progress={progress.data} />
    </CourseToolPage>
  );
}

/** /ferdigheter/:courseId: the course's instructor (or an admin) marks skills on the phone at the pool (decision 057). */
export function Component() {
  const { courseId = '' } = useParams();
  return (
    <AccessGuard>
      <Skills courseId={courseId} />
    </AccessGuard>
  );
}
