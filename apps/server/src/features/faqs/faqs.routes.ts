import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, faqInputSchema, faqListSchema, faqOrderSchema, faqPatchSchema, faqSchema, idParamsSchema } from '@app/shared';
import * as service from './faqs.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export const faqsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = () => ({ db: app.db });

  app.get('/faqs', { schema: { response: { 200: faqListSchema } } }, () => service.listFaqs(ctx()));

  app.post(
    '/faqs',
    { config: { access: 'admin' }, schema: { body: faqInputSchema, response: { 201: faqSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await service.createFaq(ctx(), request.body)),
  );

  /** The whole order at once (admins move one item up or down; the web sends the list as it now looks). */
  app.put(
    '/faqs/order',
    { config: { access: 'admin' }, schema: { body: faqOrderSchema, response: { 200: faqListSchema, ...errors, 409: errorBodySchema } } },
    (request) => service.reorderFaqs(ctx(), request.body.ids),
  );

  app.patch(
    '/faqs/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: faqPatchSchema, response: { 200: faqSchema, ...errors, 404: errorBodySchema } },
    },
    (request) => service.updateFaq(ctx(), request.params.id, request.body),
  );

  app.delete(
    '/faqs/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 204: z.null(), ...errors, 404: errorBodySchema } } },
    async (request, reply) => {
      await service.deleteFaq(ctx(), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
