import { Container, PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /examples: the developer examples (spec §2) come in a later issue. */
export function Component() {
  useDocumentTitle(pageTitle('Eksempler'));
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Eksempler" lead="Eksempelsidene for utviklere er ikke laget ennå." />
    </Container>
  );
}
