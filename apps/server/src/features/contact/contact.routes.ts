import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactInputSchema, contactResponseSchema, errorBodySchema } from '@app/shared';
import { rateLimit } from '../../plugins/rate-limit';
import * as service from './contact.service';

const HOUR_MS = 60 * 60 * 1000;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      schema: {
        body: contactInputSchema,
        response: { 200: contactResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
      preHandler: rateLimit({
        name: 'contact',
        max: () => app.env.CONTACT_RATE_LIMIT,
        windowMs: HOUR_MS,
        code: 'CONTACT_RATE_LIMITED',
      }),
    },
    (request) => service.submitContactMessage(app.db, request.body, app.env.site.contactEmail),
  );
};
