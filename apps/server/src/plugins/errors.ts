import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@app/shared';

/** Errors travel as codes (convention 3): throw `new AppError('COURSE_FULL')` anywhere below a route. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

const body = (code: ErrorCode, message: string, details?: ErrorBody['error']['details']): ErrorBody => ({
  error: details ? { code, message, details } : { code, message },
});

export default fp(async (app) => {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message));
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

/** The API's own 404 (the site's unknown paths get the SPA instead; see plugins/web.ts). */
export const apiNotFound = (request: { method: string; url: string }) =>
  body('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`);
