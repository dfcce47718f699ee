import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, profileListSchema, profileOverviewSchema, profileSchema, profilesQuerySchema, updateProfileInputSchema } from '@app/shared';
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
    (request) =>
      request.query.cId ? service.listProfilesOfChildren(ctxOf(request), request.query.cId) : service.listProfiles(ctxOf(request), request.query.pId),
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
  app.patch(
    '/profiles/:id',
    {
      config: { access: 'user' },
      schema: {
        params: idParamsSchema,
        body: updateProfileInputSchema,
        response: { 200: profileSchema, ...errorResponses('VALIDATION', 'BAD_REQUEST', 'LAST_GUARDIAN', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    (request) => service.updateGuardians(ctxOf(request), request.params.id, request.body.parents),
  );
  app.get(
    '/profiles/:id/overview',
    {
      config: { access: 'user' },
      schema: {
        params: idParamsSchema,
        response: { 200: profileOverviewSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    (request) => service.profileOverview(ctxOf(request), request.params.id),
  );
};

export const profilesFeature: Feature = { name: 'profiles', routes: [profilesRoutes] };
