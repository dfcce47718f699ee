import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../context';
import type { Job } from '../workers';

/** A feature's routes (under /api) and background jobs; its settings live in `<feature>.env.ts` (features/env.ts). */
export interface Feature {
  name: string;
  routes: FastifyPluginAsyncZod[];
  jobs?: (ctx: ServiceContext) => Job[];
}
