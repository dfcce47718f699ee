import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './health/health.routes';

/** Every feature's routes, mounted under /api by app.ts. */
export const apiRoutes: FastifyPluginAsyncZod[] = [healthRoutes];
