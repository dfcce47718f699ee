import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxListSchema, outboxQuerySchema } from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './emails.service';

/** GET /admin/outbox: what the site has sent (or kept, without SMTP): invites, receipts, contact messages. */
export const emailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/outbox',
    {
      config: { access: 'admin' },
      schema: {
        querystring: outboxQuerySchema,
        response: { 200: outboxListSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') },
      },
    },
    (request) => service.listOutbox(ctxOf(request), request.query.limit),
  );
};

export const emailsFeature: Feature = { name: 'emails', routes: [emailsRoutes] };
