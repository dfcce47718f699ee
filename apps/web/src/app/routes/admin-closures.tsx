import { useState } from 'react';
import { Page } from '@/components/ui/page-header';
import { ClosuresForm } from '@/features/changes/components/closures-form';
import { ClosuresOverviewSection } from '@/features/changes/components/closures-overview';
import { usePlaceCourses } from '@/features/courses/api/courses';
import { useVenues } from '@/features/venues/api/venues';

/** /admin/avlysning: cancel a date, or close a pool for a day (issue 38), and the overview of cancelled dates (issue 53). */
export function Component() {
  const places = useVenues();
  const [placeId, setPlaceId] = useState('');
  const courses = usePlaceCourses(placeId || undefined);
  return (
    <Page title="Avlys kursdager" lead="Du ser hva som blir avlyst før du bekrefter. Familiene får e-post litt senere (tiden står i listen under), og du kan angre til da. De velger erstatningstime, pengene tilbake eller tilgodebeløp.">
      <ClosuresForm places={places.data ?? []} courses={courses.data ?? []} placeId={placeId} onPlaceChange={setPlaceId} />
      <ClosuresOverviewSection />
    </Page>
  );
}
