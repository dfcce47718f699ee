import { Container, PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';
import { UserSearch } from '@/features/users/components/user-search';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/brukere: the user search (admin). */
export function Component() {
  useDocumentTitle(pageTitle('Brukere'));
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Brukere" />
      <UserSearch />
    </Container>
  );
}
