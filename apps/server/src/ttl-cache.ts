/**
 * A small per-instance cache whose entries live `ttlMs`: the database answers a question at most once per TTL,
 * however many requests ask at once (concurrent misses share one load). Failures are never cached. Used for the
 * public lists (`app.publicCache`, decision 006) and the session-user lookup (plugins/auth.ts). Staleness is bounded
 * by the TTL, and nothing needs keeping in sync between instances.
 */
export interface TtlCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * The answer as JSON text, checked against the route's response schema once per load rather than once per
   * request. Send it with a JSON content type: Fastify then sends the text as it is.
   */
  getJson<T>(key: string, schema: { parse(value: unknown): T }, load: () => Promise<T>): Promise<string>;
  clear(): void;
}

const MAX_ENTRIES = 2000;

export function createTtlCache(ttlMs: number, now: () => number = Date.now): TtlCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  const cache: TtlCache = {
    getJson(key, schema, load) {
      return cache.get(`json:${key}`, async () => JSON.stringify(schema.parse(await load())));
    },
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
  return cache;
}

/**
 * Sends cached JSON text as the route's answer. Typed `never` so a route whose schema promises an object may
 * return it: the text was made from that schema's parse.
 */
export async function sendJson(reply: { type(value: string): { send(payload: never): unknown } }, json: Promise<string>): Promise<never> {
  return reply.type('application/json; charset=utf-8').send((await json) as never) as never;
}
