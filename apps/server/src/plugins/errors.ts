import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_STATUS, errorBodySchema, type ErrorBody, type ErrorCode, type ErrorParams } from '@app/shared';
import { isBusy } from '../db/busy';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../lib/app-error';
import { API_SECURITY_HEADERS } from './security-headers';

/** A route's error answers by code, spread into its response schemas (every route lists its 4xx answers). */
export function errorResponses(...codes: ErrorCode[]): Record<number, typeof errorBodySchema> {
  return Object.fromEntries(codes.map((code) => [ERROR_STATUS[code], errorBodySchema]));
}

const body = (code: ErrorCode, message: string, details?: ErrorBody['error']['details'], params?: ErrorParams): ErrorBody => ({
  error: { code, message, ...(details ? { details } : {}), ...(params ? { params } : {}) },
});

/** Iterative (a 256 KB body can nest 100k deep): any string or key holding U+0000. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      // (Raw bodies, such as the Vipps webhook's Buffer, are bytes, not text fields.)
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

export default fp(async (app) => {
  // PostgreSQL text cannot hold U+0000 (it was a 500): refused up front, for every route.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new AppError('VALIDATION', 'Invalid input: text must not contain NUL characters');
    }
  });

  // Outside /api (which has its own): e.g. POST to a page path. Same error body as everywhere else.
  app.setNotFoundHandler((request, reply) => asJson(reply).status(404).send(apiNotFound(request)));

  app.setErrorHandler((error, request, _reply) => {
    const reply = asJson(_reply);
    // Drizzle wraps what the driver threw (DrizzleQueryError.cause): the database gate's BUSY arrives that way.
    const appError = error instanceof AppError ? error : (error as { cause?: unknown }).cause instanceof AppError ? ((error as { cause: AppError }).cause) : null;
    if (appError) {
      return reply.status(appError.statusCode).send(body(appError.code, appError.message, undefined, appError.params));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: `${error.validationContext ?? 'request'}${v.instancePath.replaceAll('/', '.')}`,
        message: v.message ?? 'invalid',
      }));
      const summary = details.map((d) => `${d.path}: ${d.message}`).join('; ');
      return reply.status(400).send(body('VALIDATION', `Invalid input: ${summary}`, details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(body('INTERNAL', 'Internal server error'));
    }
    // node-postgres' pool waited DATABASE_WAIT_MS for a connection (db/client.ts, decision 026).
    if ((error as Error).message === 'timeout exceeded when trying to connect') {
      request.log.warn({ err: error }, 'no database connection in time');
      return reply.status(503).send(body('BUSY', 'The site is busy, try again in a moment'));
    }
    // A lock or statement timeout, or a deadlock's victim: nothing was written, and trying again may well work.
    if (isBusy(error)) {
      request.log.warn({ err: error }, 'database busy');
      return reply.status(503).header('Retry-After', '2').send(body('BUSY', 'The site is busy, try again in a moment'));
    }
    // The database restarted or failed over: the transaction did not commit; the pool reconnects by itself.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('Retry-After', '2').send(body('DATABASE_UNAVAILABLE', 'The database is not answering, try again in a moment'));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body('RATE_LIMITED', 'Too many requests, try again later'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large): say what, never internals.
      return reply.status(status).send(body('BAD_REQUEST', (error as Error).message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Internal server error'));
  });
});

/** Every error answer says JSON itself: Fastify serialises an object only while the content type is JSON (or unset). */
export const asJson = <R extends FastifyReply>(reply: R): R => reply.type('application/json; charset=utf-8') as R;

/** The API's own 404 (the site's unknown paths get the SPA instead; see plugins/web.ts). */
export const apiNotFound = (request: { method: string; url: string }) => {
  const path = request.url.split('?')[0] ?? '';
  // Not an echo chamber: a 100 KB path is not sent back whole.
  return body('NOT_FOUND', `No route ${request.method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path}`);
};

/** Fastify's `frameworkErrors` (app.ts): router failures, answered before any hook, in our shape and with our headers. */
export function frameworkErrorHandler(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'Path parameter too long' : 'Malformed URL';
  request.log.info({ code: error.code }, message);
  reply.headers({ ...BARE_RESPONSE_HEADERS, 'x-request-id': request.id });
  return asJson(reply).status(400).send(body('BAD_REQUEST', message));
}

/** The security headers for a JSON answer that bypasses the hooks (security-headers.ts's hook does not run there). */
export const BARE_RESPONSE_HEADERS = { ...API_SECURITY_HEADERS, 'cache-control': 'no-store' } as const;
