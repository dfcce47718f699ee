import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from './errors';
import { deleteExpiredCounters, hitCounter } from '../repos/system.repo';

export interface RateLimitOptions {
  /** Counter namespace, e.g. 'contact'. */
  name: string;
  /** Allowed hits per window (a number, or read per request, e.g. from app.env). */
  max: number | ((request: FastifyRequest) => number);
  windowMs: number;
  /** Who is counted; default the client IP (trustProxy is on, so X-Forwarded-For from the proxy). */
  keyOf?: (request: FastifyRequest) => string;
}

/**
 * A per-route rate limit whose counters live in the `rate_limits` table, so several server instances share them.
 * Use as a preHandler: it runs after validation, so malformed requests are rejected without touching the database.
 * Keys are hashed: no plain IP addresses are stored.
 *
 *   app.post('/contact', { preHandler: rateLimit({ name: 'contact', max: 5, windowMs: 3_600_000 }) }, handler)
 */
export function rateLimit(options: RateLimitOptions): preHandlerAsyncHookHandler {
  return async function rateLimitHook(this: unknown, request: FastifyRequest, reply: FastifyReply) {
    const max = typeof options.max === 'function' ? options.max(request) : options.max;
    const who = options.keyOf ? options.keyOf(request) : request.ip;
    const key = `${options.name}:${createHash('sha256').update(who).digest('base64url').slice(0, 32)}`;
    const { count, resetAt } = await hitCounter(request.server.db, key, options.windowMs);
    const resetSeconds = Math.max(0, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    reply.header('x-ratelimit-limit', max);
    reply.header('x-ratelimit-remaining', Math.max(0, max - count));
    reply.header('x-ratelimit-reset', resetSeconds);
    if (count > max) {
      reply.header('retry-after', resetSeconds);
      throw new AppError('RATE_LIMITED', 'Too many requests, try again later');
    }
  };
}

/** Housekeeping for the workers: expired windows are dead rows. */
export const purgeExpiredRateLimits = (db: Parameters<typeof deleteExpiredCounters>[0]) => deleteExpiredCounters(db);
