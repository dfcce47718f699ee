import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  courseHistoryQuerySchema,
  courseHistorySchema,
  deletedSchema,
  errorBodySchema,
  idParamsSchema,
  instructorListSchema,
  ownDataSchema,
  updatedPersonSchema,
  updateUserInputSchema,
} from '@app/shared';
import { familyCtx } from '../../family-context';
import * as service from './users.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/instructors', { schema: { response: { 200: instructorListSchema } } }, () =>
    service.listInstructors(app.db),
  );

  app.patch(
    '/users/:id',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, body: updateUserInputSchema, response: { 200: updatedPersonSchema, ...errors } },
    },
    (request) => service.updateUser(familyCtx(app, request), request.params.id, request.body),
  );

  app.delete(
    '/users/:id',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: deletedSchema, ...errors } } },
    async (request) => {
      await service.deleteUser(familyCtx(app, request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/users/courses',
    {
      config: { access: 'user' },
      schema: { querystring: courseHistoryQuerySchema, response: { 200: courseHistorySchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return service.courseHistory(familyCtx(app, request), request.query.cIds, request.query.t);
    },
  );

  app.get(
    '/users/me/data',
    { config: { access: 'user' }, schema: { response: { 200: ownDataSchema, ...errors } } },
    async (request, reply) => {
      const data = await service.ownData(familyCtx(app, request));
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="mine-data-${day}.json"`)
        .send(data);
    },
  );
};
