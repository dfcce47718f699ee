import type { Feature } from '../feature';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { faqInputSchema, faqListSchema, faqOrderSchema, faqPatchSchema, faqSchema, idParamsSchema } from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './faqs.service';

export const faqsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/faqs', { schema: { response: { 200: faqListSchema, ...errorResponses('VALIDATION') } } }, (request) => service.listFaqs(ctxOf(request)));

  app.post(
    '/faqs',
    {
      config: { access: 'admin' },
      schema: { body: faqInputSchema, response: { 201: faqSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') } },
    },
    async (request, reply) => reply.status(201).send(await service.createFaq(ctxOf(request), request.body)),
  );

  /** The whole order at once (admins move one item up or down; the web sends the list as it now looks). */
  app.put(
    '/faqs/order',
    {
      config: { access: 'admin' },
      schema: { body: faqOrderSchema, response: { 200: faqListSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'CONFLICT') } },
    },
    (request) => service.reorderFaqs(ctxOf(request), request.body.ids),
  );

  app.patch(
    '/faqs/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: faqPatchSchema,
        response: { 200: faqSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    (request) => service.updateFaq(ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/faqs/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, response: { 204: z.null(), ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') } },
    },
    async (request, reply) => {
      await service.deleteFaq(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export const faqsFeature: Feature = { name: 'faqs', routes: [faqsRoutes] };
