import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { faqListSchema } from '@app/shared';
import * as service from './faqs.service';

export const faqsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/faqs', { schema: { response: { 200: faqListSchema } } }, () => service.listFaqs(app.db));
};
