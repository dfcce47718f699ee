import { createRoot, hydrateRoot as preactHydrateRoot } from 'preact/compat/client';
import { hydrationPass } from './preact-sync-external-store';

/**
 * What `react-dom/client` means in the Preact build (vite.config.ts): preact/compat/client, with `hydrateRoot` marking
 * its render as the hydration pass, so that useSyncExternalStore answers with the server's snapshot there as React's
 * does (preact-sync-external-store.ts).
 */
export function hydrateRoot(...args: Parameters<typeof preactHydrateRoot>): ReturnType<typeof preactHydrateRoot> {
  hydrationPass.active = true;
  try {
    return preactHydrateRoot(...args);
  } finally {
    hydrationPass.active = false;
  }
}

export { createRoot };
export default { createRoot, hydrateRoot };
