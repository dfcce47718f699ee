import type { ReactNode } from 'react';
import { Forbidden, NotFound, UnknownError } from '@/components/errors/error-view';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';

/** What an instructor's page for one course shows when the course cannot be read: not theirs, not there, or trouble. */
export function CourseToolError({ error }: { error: unknown }) {
  const status = isApiError(error) ? error.status : 0;
  return status === 403 ? <Forbidden /> : status === 404 || status === 400 ? <NotFound /> : <UnknownError />;
}

/** The frame of an instructor's page at the pool for one course ('Oppmøte', 'Ferdigheter'): heading, line, way back. */
export function CourseToolPage({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  return (
    <Container className="max-w-xl py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl">{title}</h1>
      {subtitle ? <p className="mt-1 mb-5 text-muted">{subtitle}</p> : null}
      {children}
      <p className="mt-8">
        <ButtonLink to={paths.courses} variant="ghost">
          Til kursene
        </ButtonLink>
      </p>
    </Container>
  );
}
