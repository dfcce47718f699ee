import { Outlet } from 'react-router';
import { AccessGuard } from '@/features/auth/components/access-guard';

/** /admin/*: admins only (spec §2). */
export function Component() {
  return (
    <AccessGuard role="admin">
      <Outlet />
    </AccessGuard>
  );
}
