import { Container, PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';
import { ChoiceLink } from '@/features/changes/components/choice-link';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /endring#<secret>: the link in the e-mail about a cancelled date (issue 38). */
export function Component() {
  useDocumentTitle(pageTitle('Avlyst kursdag'));
  return (
    <Container className="max-w-xl py-10 sm:py-14">
      <PageHeader title="Avlyst kursdag" />
      <ChoiceLink />
    </Container>
  );
}
