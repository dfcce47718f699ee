import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { instructorListSchema, registrationDateRawQuerySchema, usersByRegistrationDateSchema } from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/instructors', { schema: { response: { 200: instructorListSchema } } }, (request) =>
    service.listInstructors(ctxOf(request)),
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
};
