import { Container, PageHeader } from '@/components/ui/page-header';
import { site } from '@/config/site';
import { PlacesByTown } from '@/features/places/components/places-by-town';
import { PlacesStructuredData } from '@/features/places/components/places-structured-data';
import { placesQueryOptions } from '@/features/places/api/places';
import { useDocumentTitle } from '@/lib/use-document-title';
import { preloading } from '../page-data';

export const loader = preloading(placesQueryOptions);

/** /kurs: all places grouped by town, plus schema.org course-list data for search engines. */
export function Component() {
  useDocumentTitle(`Kurssteder | ${site.tagline}`);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Kurssteder" lead={site.tagline} />
      <PlacesByTown />
      <PlacesStructuredData />
    </Container>
  );
}
