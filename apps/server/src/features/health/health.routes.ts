import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/client';
import { AppError, errorResponses } from '../../plugins/errors';

/** A database that does not answer within this is down, as far as the load balancer is concerned. */
export const HEALTH_DB_TIMEOUT_MS = 2_000;

/**
 * For the load balancer: 200 when this instance can reach the database, 503 (BUSY) when it cannot or the query
 * hangs, so traffic goes to the other instances. While the server shuts down Fastify answers 503 on its own.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }), ...errorResponses('BUSY') } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_DB_TIMEOUT_MS} ms`)), HEALTH_DB_TIMEOUT_MS);
      });
      try {
        await Promise.race([ping(app.db), timeout]);
      } catch (err) {
        request.log.warn({ err }, 'health check: database unavailable');
        throw new AppError('BUSY', 'Database unavailable');
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ok' as const };
    },
  );
};
