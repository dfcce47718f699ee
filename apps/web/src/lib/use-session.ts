import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type StoredSession } from './session';

/** The stored session (re-renders on login and logout, also from another tab), or null. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
