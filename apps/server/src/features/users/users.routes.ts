import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserListSchema,
  instructorListSchema,
  lastLoggedInQuerySchema,
  userSearchQuerySchema,
  userSearchResultSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/instructors', { schema: { response: { 200: instructorListSchema } } }, (request) =>
    service.listInstructors(ctxOf(request)),
  );

  app.get(
    '/users/last-logged-in',
    {
      config: { access: 'admin' },
      schema: {
        querystring: lastLoggedInQuerySchema,
        response: { 200: adminUserListSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') },
      },
    },
    (request) => service.lastLoggedIn(ctxOf(request), request.query.limit),
  );

  app.get(
    '/search/users',
    {
      config: { access: 'admin' },
      schema: {
        querystring: userSearchQuerySchema,
        response: { 200: userSearchResultSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    (request) => service.searchUsers(ctxOf(request), request.query),
  );
};
