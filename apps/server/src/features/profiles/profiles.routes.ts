import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  idParamsSchema,
  profileListSchema,
  profileOverviewSchema,
  profileSchema,
  profilesQuerySchema,
  updateProfileInputSchema,
} from '@app/shared';
import { familyCtx } from '../../family-context';
import * as service from './profiles.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

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
  app.patch(
    '/profiles/:id',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, body: updateProfileInputSchema, response: { 200: profileSchema, ...errors } },
    },
    (request) => service.updateGuardians(familyCtx(app, request), request.params.id, request.body.parents),
  );
  app.get(
    '/profiles/:id/overview',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: profileOverviewSchema, ...errors } } },
    (request) => service.profileOverview(familyCtx(app, request), request.params.id),
  );
};
