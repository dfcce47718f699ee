import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyWaitlistEntry } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { useSignedIn } from '@/lib/use-session';

/** The family's waitlist entries: private (dropped when the session changes). */
export const myWaitlistKeys = {
  all: () => [...queryRoots.private, 'waitlist'] as const,
};

/** GET /api/waitlist/mine: the caller's children's open entries, with positions and offers. */
export const getMyWaitlist = (signal?: AbortSignal, background = false) => api<MyWaitlistEntry[]>('/waitlist/mine', { signal, background });

/** Refreshed every 30 s; a refresh (the list is there already) is a background poll, not the parent's activity. */
export const myWaitlistQueryOptions = () =>
  queryOptions({
    queryKey: myWaitlistKeys.all(),
    queryFn: ({ signal, client, queryKey }) => getMyWaitlist(signal, client.getQueryData(queryKey) !== undefined),
    refetchInterval: 30_000,
  });

export function useMyWaitlist() {
  const signedIn = useSignedIn();
  return useQuery({ ...myWaitlistQueryOptions(), enabled: signedIn });
}
