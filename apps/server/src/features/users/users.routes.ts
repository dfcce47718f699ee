import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserListSchema,
  courseHistoryQuerySchema,
  courseHistorySchema,
  deletedSchema,
  idParamsSchema,
  instructorListSchema,
  lastLoggedInQuerySchema,
  ownDataSchema,
  registrationDateRawQuerySchema,
  updatedPersonSchema,
  updateUserInputSchema,
  userSearchQuerySchema,
  userSearchResultSchema,
  usersByRegistrationDateSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/instructors', { schema: { response: { 200: instructorListSchema, ...errorResponses('VALIDATION') } } }, (request) =>
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

  app.get(
    '/users/by-registration-date',
    {
      config: { access: 'admin' },
      schema: {
        querystring: registrationDateRawQuerySchema,
        response: { 200: usersByRegistrationDateSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') },
      },
    },
    (request) => service.usersByRegistrationDate(ctxOf(request), request.query),
  );

  app.patch(
    '/users/:id',
    {
      config: { access: 'user' },
      schema: {
        params: idParamsSchema,
        body: updateUserInputSchema,
        response: { 200: updatedPersonSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'OWN_ADMIN_ROLE') },
      },
    },
    (request) => service.updateUser(ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'user' },
      schema: {
        params: idParamsSchema,
        response: { 200: deletedSchema, ...errorResponses('VALIDATION', 'CHILD_ON_COURSE', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request) => {
      await service.deleteUser(ctxOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/users/courses',
    {
      config: { access: 'user' },
      schema: {
        querystring: courseHistoryQuerySchema,
        response: { 200: courseHistorySchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return service.courseHistory(ctxOf(request), request.query.cIds, request.query.t);
    },
  );

  app.get(
    '/users/me/data',
    { config: { access: 'user' }, schema: { response: { 200: ownDataSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'NOT_FOUND') } } },
    async (request, reply) => {
      const data = await service.ownData(ctxOf(request));
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="mine-data-${data.exportedAt.slice(0, 10)}.json"`)
        .send(data);
    },
  );
};

export const usersFeature: Feature = { name: 'users', routes: [usersRoutes] };
