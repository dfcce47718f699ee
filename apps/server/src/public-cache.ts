import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The public lists' cache (decision 017): JSON text, ETag and compressed bodies, until a NOTIFY or a local write drops it.
// `maxAgeMs` covers answers that change with time; misses share one load; failures and overtaken loads are not kept.
export interface CachedBody {
  /** The answer's text: JSON for the lists, HTML for the server-rendered pages. */
  text: string;
  etag: string;
  /** The body in that encoding, made once per entry. */
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer>;
}

/** What a load tells the cache while it runs. */
export interface LoadDeps {
  /** The answer changes with time alone in `ms` (a payment hold runs out): the entry expires then (smallest wins). */
  changesIn(ms: number): void;
}

export interface PublicCache {
  /** Off (max age 0): every request loads (tests that read their own writes). */
  readonly enabled: boolean;
  get<T>(key: string, schema: { parse(value: unknown): T }, load: (deps: LoadDeps) => Promise<T>): Promise<CachedBody>;
  /** Any value under the same rules: the server-rendered pages (plugins/web.ts), made from the same lists. */
  remember<T>(key: string, load: (deps: LoadDeps) => Promise<T>): Promise<T>;
  /** Drops one entry (a result that must not be kept, such as a failed render). */
  forget(key: string): void;
  /** Drops every entry (a change somewhere: the lists are few and cheap to rebuild). */
  invalidate(): void;
  /** Awaits a write, then drops every entry; the write's answer passes through. */
  invalidateAfter<T>(write: Promise<T>): Promise<T>;
  /** LISTEN lost (true) or back (false): entries then live at most the degraded max age. */
  setDegraded(degraded: boolean): void;
  readonly size: number;
}

const MAX_ENTRIES = 2000;
/** With the cache off, what a load reports goes nowhere. */
const NO_DEPS: LoadDeps = { changesIn: () => undefined };
/** Below this the body is sent as it is (headers cost more than the saving). */
export const COMPRESS_MIN_BYTES = 1024;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

function compress(text: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  // Off the event loop. Brotli quality 5: within a few per cent of 11 on JSON, at a fraction of its time.
  return encoding === 'br'
    ? brotliAsync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) } })
    : gzipAsync(text, { level: 6 });
}

/** A text with its ETag and its compressed forms (made on first use, once). */
export function cachedBody(text: string): CachedBody {
  const etag = `W/"${createHash('sha1').update(text).digest('base64url')}"`;
  const bodies: Partial<Record<'br' | 'gzip', Promise<Buffer>>> = {};
  return {
    text,
    etag,
    encoded(encoding) {
      let body = bodies[encoding];
      if (!body) {
        body = compress(text, encoding);
        bodies[encoding] = body;
        body.catch(() => delete bodies[encoding]);
      }
      return body;
    },
  };
}

export function createPublicCache(options: { maxAgeMs: number; degradedMaxAgeMs?: number; now?: () => number }): PublicCache {
  const now = options.now ?? Date.now;
  const degradedMaxAge = Math.min(options.maxAgeMs, options.degradedMaxAgeMs ?? 2000);
  let maxAge = options.maxAgeMs;
  // An invalidation bumps the generation: an entry whose load began before it is stale.
  let generation = 0;
  interface Entry {
    expires: number;
    generation: number;
    value: Promise<unknown>;
  }
  const entries = new Map<string, Entry>();
  const fresh = (e: Entry, at: number) => e.expires > at && e.generation === generation;
  const cache: PublicCache = {
    get enabled() {
      return options.maxAgeMs > 0;
    },
    get size() {
      return entries.size;
    },
    get(key, schema, load) {
      return cache.remember(key, async (deps) => cachedBody(JSON.stringify(schema.parse(await load(deps)))));
    },
    remember<T>(key: string, make: (deps: LoadDeps) => Promise<T>): Promise<T> {
      if (options.maxAgeMs <= 0) return make(NO_DEPS);
      const at = now();
      const hit = entries.get(key);
      if (hit && fresh(hit, at)) return hit.value as Promise<T>;
      if (entries.size >= MAX_ENTRIES) {
        for (const [k, e] of entries) if (!fresh(e, at)) entries.delete(k);
        if (entries.size >= MAX_ENTRIES) entries.clear();
      }
      const entry: Entry = { expires: at + maxAge, generation, value: Promise.resolve() };
      const deps: LoadDeps = {
        changesIn(ms) {
          entry.expires = Math.min(entry.expires, now() + ms);
        },
      };
      const value = make(deps);
      entry.value = value;
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    forget(key) {
      entries.delete(key);
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
    async invalidateAfter(write) {
      const answer = await write;
      cache.invalidate();
      return answer;
    },
    setDegraded(degraded) {
      maxAge = degraded ? degradedMaxAge : options.maxAgeMs;
      if (degraded) cache.invalidate();
    },
  };
  return cache;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for If-None-Match). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** pickEncoding's answers by header: browsers of one kind send the same Accept-Encoding on every request. */
const encodingByHeader = new Map<string, 'br' | 'gzip' | null>();
const ENCODINGS_KEPT = 64;

/** The best encoding the client accepts: brotli, then gzip, else none (q=0 refuses one). */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let encoding = encodingByHeader.get(header);
  if (encoding === undefined) {
    encoding = negotiate(header);
    if (encodingByHeader.size >= ENCODINGS_KEPT) encodingByHeader.clear();
    encodingByHeader.set(header, encoding);
  }
  return encoding;
}

function negotiate(header: string): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0)) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** Sends a cached answer (304 on a matching ETag, else the best encoding); `never` because the text came from the schema. */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Promise<CachedBody> | CachedBody,
  type = 'application/json; charset=utf-8',
): Promise<never> {
  const entry = await body;
  reply.header('etag', entry.etag).header('vary', 'Accept-Encoding').header('cache-control', 'no-cache');
  if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send() as never;
  reply.type(type);
  const encoding = entry.text.length >= COMPRESS_MIN_BYTES ? pickEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(entry.text as never) as never;
  // @fastify/compress leaves an answer alone once it has a Content-Encoding.
  return reply.header('content-encoding', encoding).send((await entry.encoded(encoding)) as never) as never;
}
