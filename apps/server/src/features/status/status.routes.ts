import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusSchema } from '@app/shared';
import { ctxOf } from '../../context';
import { ping } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../plugins/errors';
import { statusDetails } from './status.service';

/** A database that does not answer within this is down, as far as the load balancer is concerned. */
export const STATUS_DB_TIMEOUT_MS = 2_000;

/** For the load balancer: 200 while the database answers, else 503 (never about Vipps); an admin gets the details. */
export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: statusSchema, ...errorResponses('VALIDATION', 'BUSY') } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${STATUS_DB_TIMEOUT_MS} ms`)), STATUS_DB_TIMEOUT_MS);
      });
      const started = performance.now();
      try {
        await Promise.race([ping(app.db), timeout]);
      } catch (err) {
        request.log.warn({ err }, 'health check: database unavailable');
        throw new AppError('BUSY', 'Database unavailable');
      } finally {
        clearTimeout(timer);
      }
      const latencyMs = performance.now() - started;
      if (!request.user?.isAdmin) return { status: 'ok' as const };
      return { status: 'ok' as const, details: await statusDetails(ctxOf(request), latencyMs) };
    },
  );
};

export const statusFeature: Feature = { name: 'status', routes: [statusRoutes] };
