/**
 * A micro-cache for the public read endpoints (places, their courses, FAQs, terms, instructors): the same answer
 * for every visitor, asked for by every visitor. Entries live `ttlMs` (default 2 s), so the database answers such a
 * question at most once per TTL per instance, however many parents look at once; concurrent misses share one load.
 * Staleness is bounded by the TTL: free places may lag a booking by that much, while booking itself re-counts under
 * the course-row lock. Failures are never cached. Per instance, so nothing to keep in sync between instances.
 */
export interface PublicCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

const MAX_ENTRIES = 2000;

export function createPublicCache(ttlMs: number, now: () => number = Date.now): PublicCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expires > at) return hit.value as Promise<T>;
      if (entries.size >= MAX_ENTRIES) {
        for (const [k, e] of entries) if (e.expires <= at) entries.delete(k);
        if (entries.size >= MAX_ENTRIES) entries.clear();
      }
      const value = load();
      entries.set(key, { expires: at + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
