import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactInputSchema, contactResponseSchema } from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import { rateLimit } from '../../plugins/rate-limit';
import * as service from './contact.service';

const HOUR_MS = 60 * 60 * 1000;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      schema: {
        body: contactInputSchema,
        response: { 200: contactResponseSchema, ...errorResponses('VALIDATION', 'RATE_LIMITED') },
      },
      preHandler: rateLimit({
        name: 'contact',
        max: () => app.env.CONTACT_RATE_LIMIT,
        windowMs: HOUR_MS,
        code: 'CONTACT_RATE_LIMITED',
      }),
    },
    (request) => service.submitContactMessage(ctxOf(request), request.body),
  );
};

export const contactFeature: Feature = { name: 'contact', routes: [contactRoutes] };
