import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { faqListSchema } from '@app/shared';
import { ctxOf } from '../../context';
import * as service from './faqs.service';

export const faqsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/faqs', { schema: { response: { 200: faqListSchema } } }, (request) => service.listFaqs(ctxOf(request)));
};
