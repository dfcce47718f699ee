import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionList } from '@shared/api/sessions';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';
import { useSignedIn } from '@/lib/use-session';

/** Query keys of the caller's sessions (under the private prefix, so logout clears them). */
export const sessionKeys = {
  all: [PRIVATE_KEY, 'sessions'] as const,
  list: () => [...sessionKeys.all, 'list'] as const,
};

/** GET /api/users/me/sessions: the caller's live sessions, the current one marked. */
export const getSessions = (signal?: AbortSignal) => api<SessionList>('/users/me/sessions', { signal });

export const sessionsQueryOptions = () => queryOptions({ queryKey: sessionKeys.list(), queryFn: ({ signal }) => getSessions(signal) });

export function useSessions() {
  const signedIn = useSignedIn();
  return useQuery({ ...sessionsQueryOptions(), enabled: signedIn });
}
