/** Where the browser keeps the session (lib/session.ts); on its own so that boot.ts can ask without loading the app. */
export const SESSION_KEY = 'plask:session';

/** True when a session is stored (valid or not): the page then shows that person's state, so it needs the app. */
export function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(SESSION_KEY) !== null;
  } catch {
    return false;
  }
}
