import { useParams } from 'react-router';
import { Forbidden, NotFound, UnknownError } from '@/components/errors/error-view';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { AccessGuard, PageLoading } from '@/features/auth/components/access-guard';
import { useCourseProgress } from '@/features/progress/api/progress';
import { SkillsGrid } from '@/features/progress/components/skills-grid';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

function Skills({ courseId }: { courseId: string }) {
  const progress = useCourseProgress(courseId);
  useDocumentTitle('Ferdigheter');
  if (progress.isPending) return <PageLoading label="Laster ferdigheter" />;
  if (progress.isError) {
    const status = isApiError(progress.error) ? progress.error.status : 0;
    return status === 403 ? <Forbidden /> : status === 404 || status === 400 ? <NotFound /> : <UnknownError />;
  }
  return (
    <Container className="max-w-xl py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl">Ferdigheter</h1>
      {progress.data.level ? <p className="mt-1 mb-5 text-muted">Nivå: {progress.data.level.name}</p> : null}
      <SkillsGrid courseId={courseId} progress={progress.data} />
      <p className="mt-8">
        <ButtonLink to={paths.courses} variant="ghost">
          Til kursene
        </ButtonLink>
      </p>
    </Container>
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
