import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../context';
import type { Job } from '../workers';

/**
 * What a feature brings to the app: its routes (mounted under /api by app.ts) and its background jobs (run by
 * workers.ts with a visitor's context). Its own settings are a zod slice in `<feature>.env.ts`, merged by env.ts
 * through features/env.ts. Each feature exports one of these; features/index.ts lists them.
 */
export interface Feature {
  name: string;
  routes: FastifyPluginAsyncZod[];
  jobs?: (ctx: ServiceContext) => Job[];
}
