import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { termListSchema } from '@app/shared';
import { ctxOf } from '../../context';
import * as service from './terms.service';

export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/terms-and-conditions', { schema: { response: { 200: termListSchema } } }, (request) => service.listTerms(ctxOf(request)));
};
