import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, profileListSchema, profileSchema, profilesQuerySchema } from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './profiles.service';

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profiles',
    {
      config: { access: 'user' },
      schema: {
        querystring: profilesQuerySchema,
        response: { 200: profileListSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    (request) => service.listProfiles(ctxOf(request), request.query.pId),
  );
  app.get(
    '/profiles/:id',
    {
      config: { access: 'user' },
      schema: {
        params: idParamsSchema,
        response: { 200: profileSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    (request) => service.getProfile(ctxOf(request), request.params.id),
  );
};
