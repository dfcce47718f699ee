import { Container, PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';
import { RetentionOverview } from '@/features/retention/components/retention-overview';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/sletting: automatic deletion of children's data (issue 39): the next run and the log. */
export function Component() {
  useDocumentTitle(pageTitle('Sletting av data'));
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Sletting av data" lead="Jobben kjører hver dag. Loggen viser antall, aldri navn." />
      <RetentionOverview />
    </Container>
  );
}
