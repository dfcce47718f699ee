import { useState } from 'react';
import { Page } from '@/components/ui/page-header';
import { courseLabel } from '@/lib/format';
import { useCoursesBetween } from '@/features/courses/api/courses';
import { DiscountCodesList } from '@/features/discount-codes/components/discount-codes-list';
import { useVenues } from '@/features/venues/api/venues';

const DAY_MS = 86_400_000;

/** /admin/rabattkoder: the school's discount codes and how often each was used (decision 058). */
export function Component() {
  const venues = useVenues();
  // The courses a code can be limited to: from a month back to a year ahead, whole days so the key stays put.
  const [window] = useState(() => {
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    return { start: today - 30 * DAY_MS, end: today + 365 * DAY_MS };
  });
  const courses = useCoursesBetween(window.start, window.end);
  const scope = {
    venues: (venues.data ?? []).map((v) => ({ value: v._id, label: v.name })),
    courses: (courses.data ?? []).map((c) => ({ value: c._id, label: `${c.place.name}: ${courseLabel(c)}` })),
  };
  return (
    <Page title="Rabattkoder" lead="En rabattkode gir prosent eller kroner av prisen på én bestilling, i en periode og med grenser for hvor mange ganger den kan brukes. En kode som er brukt, kan avsluttes, men ikke slettes.">
      <DiscountCodesList scope={scope} />
    </Page>
  );
}
