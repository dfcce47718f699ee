import { Page } from '@/components/ui/page-header';
import { UserAdminActions } from '@/features/users/components/user-admin-actions';
import { UserSearch } from '@/features/users/components/user-search';
import { useCurrentUser } from '@/lib/current-user';

/** /admin/brukere: the user search (admin); each guardian's card changes their roles and deletes them. */
export function Component() {
  const me = useCurrentUser().data;
  return (
    <Page title="Brukere">
      <UserSearch actions={(user) => <UserAdminActions user={user} isSelf={user._id === me?._id} />} />
    </Page>
  );
}
