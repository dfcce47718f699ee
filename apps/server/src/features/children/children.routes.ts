import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addChildInputSchema, childSchema } from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './children.service';

export const childrenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/children',
    {
      config: { access: 'user' },
      schema: {
        body: addChildInputSchema,
        response: { 201: childSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addChild(ctxOf(request), request.body)),
  );
};
