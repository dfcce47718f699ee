import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { instructorListSchema } from '@app/shared';
import * as service from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/instructors', { schema: { response: { 200: instructorListSchema } } }, () =>
    service.listInstructors(app.db),
  );
};
