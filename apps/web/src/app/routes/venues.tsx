import { Container, PageHeader } from '@/components/ui/page-header';
import { site } from '@/config/site';
import { VenuesByTown } from '@/features/venues/components/venues-by-town';
import { VenuesStructuredData } from '@/features/venues/components/venues-structured-data';
import { venuesQueryOptions } from '@/features/venues/api/venues';
import { useDocumentTitle } from '@/lib/use-document-title';
import { preloading } from '../page-data';

export const loader = preloading(venuesQueryOptions);

/** /kurs: all places grouped by town, plus schema.org course-list data for search engines. */
export function Component() {
  useDocumentTitle(`Kurssteder | ${site.tagline}`);
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Kurssteder" lead={site.tagline} />
      <VenuesByTown />
      <VenuesStructuredData />
    </Container>
  );
}
