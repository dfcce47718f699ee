import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserListSchema,
  errorBodySchema,
  instructorListSchema,
  lastLoggedInQuerySchema,
  userSearchQuerySchema,
  userSearchResultSchema,
} from '@app/shared';
import * as service from './users.service';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBodySchema]));

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/instructors', { schema: { response: { 200: instructorListSchema } } }, () =>
    service.listInstructors(app.db),
  );

  app.get(
    '/users/last-logged-in',
    {
      config: { access: 'admin' },
      schema: { querystring: lastLoggedInQuerySchema, response: { 200: adminUserListSchema, ...errors(400, 401, 403) } },
    },
    (request) => service.lastLoggedIn(app.db, request.query.limit),
  );

  app.get(
    '/search/users',
    {
      config: { access: 'admin' },
      schema: { querystring: userSearchQuerySchema, response: { 200: userSearchResultSchema, ...errors(400, 401, 403, 404) } },
    },
    (request) => service.searchUsers(app.db, request.query),
  );
};
