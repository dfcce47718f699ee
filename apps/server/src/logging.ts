import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** One JSON line per event; nothing that identifies a child or acts as a user (no headers, credentials, SQL params). */

const SECRET_QUERY_KEYS = new Set(['code', 'state', 'at', 'access_token', 'id_token', 'token']);

/** The URL with the values of credential-like query parameters replaced. */
export function redactUrl(raw: string | undefined): string | undefined {
  if (!raw) return raw;
  // A family's calendar feed carries its secret in the path (a webcal address cannot use a header or a body).
  const url = raw.replace(/(\/calendar-feeds\/)[^/?]+/, '$1[redacted]');
  const q = url.indexOf('?');
  if (q === -1) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq === -1 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        /* keep the raw key */
      }
      return SECRET_QUERY_KEYS.has(name.toLowerCase()) && eq !== -1 ? `${key}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n\s+at |\ncaused by: |$)/g;
const DROPPED_ERROR_KEYS = new Set(['params', 'parameters', 'detail', 'where', 'raw']);

/** pino's error serializer, minus what drivers copy from the failing row or statement parameters. */
export function safeErrorSerializer(err: unknown): unknown {
  const scrubbed = scrub(pino.stdSerializers.err(err as Error) as unknown, 0);
  if (!scrubbed || typeof scrubbed !== 'object') return scrubbed;
  const serialized = scrubbed as Record<string, unknown>;
  // pino folds causes into message and stack only; keep the database's own code and constraint for debugging.
  for (let e = err as { cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    const c = e as Record<string, unknown>;
    if (i > 0 && typeof c.code === 'string') {
      serialized.db = Object.fromEntries(
        ['code', 'constraint', 'table', 'column', 'severity', 'routine'].filter((k) => typeof c[k] === 'string').map((k) => [k, c[k]]),
      );
      break;
    }
  }
  return serialized;
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(PARAMS_IN_TEXT, '\nparams: [redacted]');
  if (!value || typeof value !== 'object' || depth > 5) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (DROPPED_ERROR_KEYS.has(key)) continue;
    out[key] = scrub((value as Record<string, unknown>)[key], depth + 1);
  }
  return out;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request id: the load balancer's sane `x-request-id` (one id through both logs), else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'set-cookie']);

/** What a logged header object keeps: everything but the credentials. */
function headersSerializer(headers: Record<string, unknown>): Record<string, unknown> {
  if (!headers || typeof headers !== 'object') return headers;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(headers)) out[key] = CREDENTIAL_HEADERS.has(key.toLowerCase()) ? '[redacted]' : headers[key];
  return out;
}

/** Credentials are kept out by the serializers, not by pino's `redact`, which cost a third of each line (decision 025). */
export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    serializers: {
      req: (req: { method: string; url: string; ip?: string; host?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      headers: headersSerializer,
      err: safeErrorSerializer as (err: Error) => { type: string; message: string; stack: string },
    },
  };
}
