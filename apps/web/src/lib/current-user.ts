import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/api';
import type { Role } from '@shared/constants';
import { api } from './api-client';
import { PRIVATE_KEY, queryRoots } from './query-keys';
import { useSignedIn } from './use-session';

/** The logged-in user, shared by navigation, guards and features (cross-cutting, like the session). */
/** @deprecated Import from '@/lib/query-keys'. */
export { PRIVATE_KEY };

export const currentUserKeys = { me: () => [...queryRoots.private, 'user'] as const };

/** GET /api/users/me */
export const getCurrentUser = (signal?: AbortSignal) => api<CurrentUser>('/users/me', { signal });

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserKeys.me(), queryFn: ({ signal }) => getCurrentUser(signal), staleTime: 5 * 60_000 });

/** The current user while logged in (disabled, `data` undefined, when logged out). */
export function useCurrentUser() {
  const signedIn = useSignedIn();
  return useQuery({ ...currentUserQueryOptions(), enabled: signedIn });
}

export const hasRole = (user: Pick<CurrentUser, 'roles'> | undefined, role: Role): boolean => !!user?.roles.includes(role);
