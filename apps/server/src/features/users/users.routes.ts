import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { instructorListSchema } from '@app/shared';
import { ctxOf } from '../../context';
import * as service from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/instructors', { schema: { response: { 200: instructorListSchema } } }, (request) =>
    service.listInstructors(ctxOf(request)),
  );
};
