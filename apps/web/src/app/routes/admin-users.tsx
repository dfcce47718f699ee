import { Container, PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';
import { UserAdminActions } from '@/features/users/components/user-admin-actions';
import { UserSearch } from '@/features/users/components/user-search';
import { useCurrentUser } from '@/lib/current-user';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/brukere: the user search (admin); each guardian's card changes their roles and deletes them. */
export function Component() {
  useDocumentTitle(pageTitle('Brukere'));
  const me = useCurrentUser().data;
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Brukere" />
      <UserSearch actions={(user) => <UserAdminActions user={user} isSelf={user._id === me?._id} />} />
    </Container>
  );
}
