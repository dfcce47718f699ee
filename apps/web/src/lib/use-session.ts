import { useSyncExternalStore } from 'react';
import { getSession, isSessionExpired, subscribeSession, type StoredSession } from './session';

/** The stored session (re-renders on login and logout, also from another tab), or null. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

/**
 * Whether requests may act as the user now: a stored session that has not expired. Queries of the user's own data
 * wait for it, so an expired session (ended by the session watcher) never sends them out anonymously.
 */
export function useSignedIn(): boolean {
  const session = useSession();
  return !!session && !isSessionExpired(session);
}
