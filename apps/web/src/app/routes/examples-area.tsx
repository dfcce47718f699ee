import { Outlet } from 'react-router';
import { AccessGuard } from '@/features/auth/components/access-guard';

/** /examples/*: the developer examples, for admins and developers (the registrations page asks the API as admin). */
export function Component() {
  return (
    <AccessGuard role={['admin', 'developer']}>
      <Outlet />
    </AccessGuard>
  );
}
