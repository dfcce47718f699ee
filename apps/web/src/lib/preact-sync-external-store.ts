import { useSyncExternalStore as preactUseSyncExternalStore } from 'preact/compat';
import { useEffect, useState } from 'preact/hooks';

/** True while preact-client.ts's hydrateRoot renders the server's page (Preact hydrates synchronously). */
export const hydrationPass = { active: false };

/**
 * React's `useSyncExternalStore` with its third argument, for the Preact build (vite.config.ts; preact/compat's takes
 * two and ignores `getServerSnapshot`).
 *
 * React renders with `getServerSnapshot` on the server and in the hydration render, then re-renders with
 * `getSnapshot` after the hydration commit. The app relies on that: `useSession()` is null on the server (the
 * session lives in localStorage), and the contact form's send button stays disabled until the app is live. Without
 * it a logged-in visitor's hydration render would differ from the server's HTML, and Preact's hydration keeps the
 * server's attributes instead of correcting them (and lazy admin-only parts would suspend mid-hydration).
 */
export function useSyncExternalStore<T>(
  subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot?: () => T,
): T {
  const onServer = typeof document === 'undefined';
  const [hydrating, setHydrating] = useState(() => hydrationPass.active && getServerSnapshot !== undefined);
  const value = preactUseSyncExternalStore(subscribe, getSnapshot);
  useEffect(() => {
    if (hydrating) setHydrating(false);
  }, [hydrating]);
  return (onServer || hydrating) && getServerSnapshot ? getServerSnapshot() : value;
}
