import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ErrorCode } from '@app/shared';
import { AppError } from '../lib/app-error';
import { hitCounters } from '../repos/system.repo';

export interface RateLimitOptions {
  /** Counter namespace, e.g. 'contact'. */
  name: string;
  /** Allowed hits per window (a number, or read per request, e.g. from app.env). */
  max: number | ((request: FastifyRequest) => number);
  windowMs: number;
  /** Who is counted; default the client IP (trustProxy is on, so X-Forwarded-For from the proxy). */
  keyOf?: (request: FastifyRequest) => string;
  /** The error code when the limit is hit (its own Norwegian text on the web); default RATE_LIMITED. */
  code?: Extract<ErrorCode, 'RATE_LIMITED' | 'CONTACT_RATE_LIMITED'>;
}

/** A per-route rate limit (preHandler) with hashed keys in `rate_limits`, all limits in one statement, first refuses. */
export function rateLimit(options: RateLimitOptions | readonly RateLimitOptions[]): preHandlerAsyncHookHandler {
  const limits = Array.isArray(options) ? (options as readonly RateLimitOptions[]) : [options as RateLimitOptions];
  return async function rateLimitHook(this: unknown, request: FastifyRequest, reply: FastifyReply) {
    const asked = limits.map((limit) => {
      const who = limit.keyOf ? limit.keyOf(request) : request.ip;
      return {
        key: `${limit.name}:${createHash('sha256').update(who).digest('base64url').slice(0, 32)}`,
        windowMs: limit.windowMs,
        max: typeof limit.max === 'function' ? limit.max(request) : limit.max,
      };
    });
    const hits = await hitCounters(request.server.db, asked);
    for (const [i, { count, resetAt }] of hits.entries()) {
      const { max } = asked[i]!;
      const resetSeconds = Math.max(0, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
      reply.header('x-ratelimit-limit', max);
      reply.header('x-ratelimit-remaining', Math.max(0, max - count));
      reply.header('x-ratelimit-reset', resetSeconds);
      if (count > max) {
        reply.header('retry-after', resetSeconds);
        throw new AppError(limits[i]!.code ?? 'RATE_LIMITED', 'Too many requests, try again later');
      }
    }
  };
}
