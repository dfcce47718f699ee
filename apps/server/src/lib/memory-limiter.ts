/** A per-instance fixed-window counter for limits that must cost no database work (forged webhooks); N instances: N × max. */
export interface MemoryLimiter {
  /** True while `key` has used up its window. */
  blocked(key: string): boolean;
  /** Count one hit for `key`. */
  hit(key: string): void;
  /** Seconds until `key`'s window ends (0 when it has none). */
  retryAfterSeconds(key: string): number;
}

const MAX_KEYS = 10_000;

export function createMemoryLimiter(options: { max: number; windowMs: number; now?: () => number }): MemoryLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    blocked: (key) => (live(key)?.count ?? 0) >= options.max,
    hit(key) {
      const w = live(key);
      if (w) {
        w.count++;
        return;
      }
      // Bounded memory under a spray of addresses: expired windows go first, then everything (fail open).
      if (windows.size >= MAX_KEYS) {
        for (const [k, v] of windows) if (v.resetAt <= now()) windows.delete(k);
        if (windows.size >= MAX_KEYS) windows.clear();
      }
      windows.set(key, { count: 1, resetAt: now() + options.windowMs });
    },
    retryAfterSeconds: (key) => Math.max(0, Math.ceil(((live(key)?.resetAt ?? now()) - now()) / 1000)),
  };
}
