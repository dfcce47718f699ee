import { createHash, createHmac } from 'node:crypto';
import { safeEqual } from '../../../lib/safe-equal';

export interface VerifyWebhookInput {
  /** The `secret` returned when the webhook was registered (used as UTF-8 bytes, not base64-decoded). */
  secret: string;
  method: string;
  /** Path and query of the URL *as registered with Vipps* (behind a proxy that rewrites paths, the public one). */
  pathAndQuery: string;
  /** Host (with a non-default port) of the registered URL, e.g. `babysvomming.no` or `127.0.0.1:3000`. */
  host: string;
  /** Request headers: a Fetch `Headers` or Node/Fastify's `IncomingHttpHeaders`. */
  headers: Headers | Record<string, string | string[] | undefined>;
  /** The body exactly as received, before any JSON parsing. */
  rawBody: string | Uint8Array;
}

function headerValue(headers: VerifyWebhookInput['headers'], name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const direct = headers[name] ?? Object.entries(headers).find(([k, v]) => v !== undefined && k.toLowerCase() === name)?.[1];
  return Array.isArray(direct) ? direct[0] : direct;
}

/**
 * Checks a Vipps webhook request exactly as Vipps specifies (integration brief §3):
 * 1. base64(SHA-256(raw body)) equals `x-ms-content-sha256`;
 * 2. `Authorization` equals `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=<sig>` with
 *    sig = base64(HMAC-SHA256(secret, "POST\n" + pathAndQuery + "\n" + x-ms-date + ";" + host + ";" + hash)).
 * No freshness window on `x-ms-date` (none is documented); replays are harmless to an idempotent handler.
 */
export function verifyWebhook(input: VerifyWebhookInput): boolean {
  if (input.method.toUpperCase() !== 'POST') return false;
  const date = headerValue(input.headers, 'x-ms-date');
  const contentHash = headerValue(input.headers, 'x-ms-content-sha256');
  const authorization = headerValue(input.headers, 'authorization');
  if (!date || !contentHash || !authorization || !input.secret) return false;

  const body = typeof input.rawBody === 'string' ? Buffer.from(input.rawBody, 'utf8') : input.rawBody;
  const hash = createHash('sha256').update(body).digest('base64');
  const hashOk = safeEqual(hash, contentHash);

  const toSign = `POST\n${input.pathAndQuery}\n${date};${input.host};${hash}`;
  const signature = createHmac('sha256', Buffer.from(input.secret, 'utf8')).update(toSign, 'utf8').digest('base64');
  const expected = `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`;
  const signatureOk = safeEqual(authorization, expected);
  return hashOk && signatureOk;
}
