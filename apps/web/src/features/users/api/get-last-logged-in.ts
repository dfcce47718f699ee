import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@shared/api/users';
import { DASHBOARD_LAST_LOGGED_IN_LIMIT, LAST_LOGGED_IN_REFRESH_MS } from '@shared/constants';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

/** GET /api/users/last-logged-in (admin): the latest logins, newest first. */
export const getLastLoggedIn = (limit: number, signal?: AbortSignal, background = false) =>
  api<AdminUser[]>('/users/last-logged-in', { query: { limit }, signal, background });

export const lastLoggedInKeys = { all: [PRIVATE_KEY, 'admin', 'last-logged-in'] as const, list: (limit: number) => [...lastLoggedInKeys.all, limit] as const };

export const lastLoggedInQueryOptions = (limit = DASHBOARD_LAST_LOGGED_IN_LIMIT) =>
  queryOptions({
    queryKey: lastLoggedInKeys.list(limit),
    // The minute's refreshes are background requests: the dashboard left open does not keep the admin signed in.
    queryFn: ({ signal, client, queryKey }) => getLastLoggedIn(limit, signal, client.getQueryData(queryKey) !== undefined),
    // Spec §9: refreshed every minute. A 403 is not retried (the web then shows nothing).
    refetchInterval: LAST_LOGGED_IN_REFRESH_MS,
    retry: false,
  });

export const useLastLoggedIn = (limit?: number) => useQuery(lastLoggedInQueryOptions(limit));
