import { Link } from 'react-router';
import { Container, PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { AccessGuard } from '@/features/auth/components/access-guard';
import { UserRegistrations } from '@/features/users/components/user-registrations';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /examples/user-registrations (spec §2): the users query is the admin's (spec §6), so the page is too. */
export function Component() {
  useDocumentTitle(pageTitle('Brukerregistreringer'));
  return (
    <Container className="py-10 sm:py-14">
      <p className="mb-2">
        <Link to={paths.examples} className="font-medium text-sea-800 underline">
          Eksempler
        </Link>
      </p>
      <PageHeader title="Brukerregistreringer" />
      <AccessGuard role="admin">
        <UserRegistrations />
      </AccessGuard>
    </Container>
  );
}
