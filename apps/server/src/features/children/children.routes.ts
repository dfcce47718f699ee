import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addChildInputSchema, childSchema } from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import { rateLimit } from '../../plugins/rate-limit';
import * as service from './children.service';

const ONE_HOUR_MS = 3_600_000;

export const childrenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/children',
    {
      config: { access: 'user' },
      schema: {
        body: addChildInputSchema,
        response: {
          201: childSchema,
          ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'TOO_MANY_CHILDREN', 'RATE_LIMITED'),
        },
      },
      // Per user (the route needs one): a script on one account cannot fill profiles from many addresses.
      preHandler: rateLimit({ name: 'add-child', max: () => app.env.CHILD_ADD_RATE_LIMIT, windowMs: ONE_HOUR_MS, keyOf: (r) => r.user?.id ?? r.ip }),
    },
    async (request, reply) => reply.status(201).send(await service.addChild(ctxOf(request), request.body)),
  );
};

export const childrenFeature: Feature = { name: 'children', routes: [childrenRoutes] };
