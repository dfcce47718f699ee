import type { ReactNode } from 'react';
import { Forbidden, Unauthorized, UnknownError } from '@/components/errors/error-view';
import { Container } from '@/components/ui/page-header';
import { isApiError } from '@/lib/api-client';
import { hasRole, useCurrentUser } from '@/lib/current-user';
import { useSession } from '@/lib/use-session';
import type { Role } from '@shared/constants';

export function PageLoading({ label = 'Laster side' }: { label?: string }) {
  return (
    <Container className="py-16">
      <div role="status" className="flex flex-col items-center gap-3 text-muted">
        <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-sea-200 border-t-sea-800" />
        <span>{label} …</span>
      </div>
    </Container>
  );
}

/** The web only hides (the server refuses anyway): logged out → the 401 view, without the role → the 403 view. */
export function AccessGuard({ role, children }: { role?: Role | Role[]; children: ReactNode }) {
  const session = useSession();
  const user = useCurrentUser();
  if (!session) return <Unauthorized />;
  if (user.isPending) return <PageLoading />;
  if (user.isError) return isApiError(user.error) && user.error.status === 401 ? <Unauthorized /> : <UnknownError />;
  if (role && ![role].flat().some((r) => hasRole(user.data, r))) return <Forbidden />;
  return <>{children}</>;
}
