import { useState } from 'react';
import { Container, PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';
import { ClosuresForm } from '@/features/changes/components/closures-form';
import { ClosuresOverviewSection } from '@/features/changes/components/closures-overview';
import { usePlaceCourses } from '@/features/courses/api/courses';
import { usePlaces } from '@/features/places/api/places';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/avlysning: cancel a date, or close a pool for a day (issue 38), and the overview of cancelled dates (issue 53). */
export function Component() {
  useDocumentTitle(pageTitle('Avlys kursdager'));
  const places = usePlaces();
  const [placeId, setPlaceId] = useState('');
  const courses = usePlaceCourses(placeId || undefined);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Avlys kursdager" lead="Du ser hva som blir avlyst før du bekrefter. Familiene får e-post litt senere (tiden står i listen under), og du kan angre til da. De velger erstatningstime, pengene tilbake eller tilgodebeløp." />
      <ClosuresForm places={places.data ?? []} courses={courses.data ?? []} placeId={placeId} onPlaceChange={setPlaceId} />
      <ClosuresOverviewSection />
    </Container>
  );
}
