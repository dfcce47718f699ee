import { useSyncExternalStore } from 'react';
import { getSession, isSessionExpired, subscribeSession, type StoredSession } from './session';

/** The stored session (re-renders on login and logout, also from another tab), or null. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

/** A stored, unexpired session: queries of the user's own data wait for it, so none goes out anonymously. */
export function useSignedIn(): boolean {
  const session = useSession();
  return !!session && !isSessionExpired(session);
}
