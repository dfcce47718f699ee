import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, profileListSchema, profileSchema, profilesQuerySchema } from '@app/shared';
import * as service from './profiles.service';

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profiles',
    { config: { access: 'user' }, schema: { querystring: profilesQuerySchema, response: { 200: profileListSchema } } },
    (request) => service.listProfiles(app.db, request.user!, request.query.pId),
  );
  app.get(
    '/profiles/:id',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: profileSchema } } },
    (request) => service.getProfile(app.db, request.user!, request.params.id),
  );
};
