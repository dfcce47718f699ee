import { useState } from 'react';
import { Container, PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';
import { ClosuresForm } from '@/features/changes/components/closures-form';
import { usePlaceCourses } from '@/features/courses/api/get-place-courses';
import { usePlaces } from '@/features/places/api/get-places';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/avlysning: cancel a date, or close a pool for a day (issue 38). */
export function Component() {
  useDocumentTitle(pageTitle('Avlys kursdager'));
  const places = usePlaces();
  const [placeId, setPlaceId] = useState('');
  const courses = usePlaceCourses(placeId || undefined);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Avlys kursdager" lead="Familiene får e-post med en gang og velger erstatningstime, pengene tilbake eller tilgodebeløp." />
      <ClosuresForm places={places.data ?? []} courses={courses.data ?? []} placeId={placeId} onPlaceChange={setPlaceId} />
    </Container>
  );
}
