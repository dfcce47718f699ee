import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SessionList, SessionsEnded } from '@shared/api/sessions';
import type { SessionToken } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';
import { useSignedIn } from '@/lib/use-session';

/** DELETE /api/users/me/sessions/current: logout on the server too, so the token is dead everywhere at once. */
export const endCurrentSession = () => api<SessionsEnded>('/users/me/sessions/current', { method: 'DELETE' });

/** DELETE /api/users/me/sessions: 'Logg ut overalt', every session of the caller, this one included. */
export const useEndAllSessions = () => useMutation({ mutationFn: () => api<SessionsEnded>('/users/me/sessions', { method: 'DELETE' }) });

/** GET /api/vipps/token{search}: the login return's query, exchanged once per page load (the state is single use). */
const pending = new Map<string, Promise<SessionToken>>();

export function exchangeLoginReturn(search: string): Promise<SessionToken> {
  let promise = pending.get(search);
  if (!promise) {
    const query = Object.fromEntries(new URLSearchParams(search));
    promise = api<SessionToken>('/vipps/token', { query });
    pending.set(search, promise);
  }
  return promise;
}

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

/** GET /api/vipps/login?returnTo=/path → {loginUrl}: the server hands `returnTo` back after login. */
export const useVippsLogin = () =>
  useMutation({ mutationFn: (returnTo?: string) => api<{ loginUrl: string }>('/vipps/login', { query: { returnTo } }) });
