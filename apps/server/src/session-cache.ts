import type { SessionCheck } from './repos/system.repo';

/** Session checks cached (decision 019) only while LISTENing on `sessions_changed`; local writes drop entries at once. */
export interface SessionCache {
  /** The session check for this session of this user: kept, or loaded (concurrent requests share one load). */
  get(sessionId: string, userId: string, load: () => Promise<SessionCheck | undefined>): Promise<SessionCheck | undefined>;
  /** A user's row, sessions or families changed: their entries go. */
  dropUser(userId: string): void;
  /** Everything goes (a TRUNCATE, LISTEN lost or back). */
  clear(): void;
  /** LISTEN in place (true) or lost (false): nothing is kept without it. */
  setListening(listening: boolean): void;
  readonly size: number;
}

const MAX_ENTRIES = 20_000;

export function createSessionCache(options: { maxAgeMs: number; now?: () => number }): SessionCache {
  const now = options.now ?? Date.now;
  let listening = false;
  // A change drops entries, loads in flight included: requests already waiting get that load, later ones a new one.
  const entries = new Map<string, { userId: string; expires: number; value: Promise<SessionCheck | undefined> }>();
  const cache: SessionCache = {
    get size() {
      return entries.size;
    },
    get(sessionId, userId, load) {
      if (!listening || options.maxAgeMs <= 0) return load();
      const key = `${sessionId}:${userId}`;
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expires > at) return hit.value;
      if (entries.size >= MAX_ENTRIES) {
        for (const [k, e] of entries) if (e.expires <= at) entries.delete(k);
        if (entries.size >= MAX_ENTRIES) entries.clear();
      }
      const value = load();
      const entry = { userId, expires: at + options.maxAgeMs, value };
      entries.set(key, entry);
      // Failures and unknown sessions are not kept: a forged id must not fill the cache, and a miss stays a miss.
      value.then(
        (row) => {
          if (!row && entries.get(key) === entry) entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    dropUser(userId) {
      for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    setListening(on) {
      listening = on;
      cache.clear();
    },
  };
  return cache;
}
