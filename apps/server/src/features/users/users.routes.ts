import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, instructorListSchema, registrationDateRawQuerySchema, usersByRegistrationDateSchema } from '@app/shared';
import * as service from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/instructors', { schema: { response: { 200: instructorListSchema } } }, () =>
    service.listInstructors(app.db),
  );

  app.get(
    '/users/by-registration-date',
    {
      config: { access: 'admin' },
      schema: {
        querystring: registrationDateRawQuerySchema,
        response: { 200: usersByRegistrationDateSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    (request) => service.usersByRegistrationDate({ db: app.db }, request.query),
  );
};
