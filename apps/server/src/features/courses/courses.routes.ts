import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseListSchema, coursesQuerySchema, errorBodySchema, idParamsSchema, placeCoursesQuerySchema } from '@app/shared';
import * as service from './courses.service';
import { viewerFrom } from './viewer';

export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/places/:id/courses',
    {
      schema: {
        params: idParamsSchema,
        querystring: placeCoursesQuerySchema,
        response: { 200: courseListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) => service.listPlaceCourses(app.db, request.params.id, request.query, viewerFrom(request)),
  );

  app.get(
    '/courses',
    {
      schema: {
        querystring: coursesQuerySchema,
        response: { 200: courseListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) => service.listCourses(app.db, request.query, viewerFrom(request)),
  );
};
