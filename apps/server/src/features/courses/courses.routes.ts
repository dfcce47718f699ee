import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseListSchema, coursesQuerySchema, errorBodySchema, idParamsSchema, placeCoursesQuerySchema } from '@app/shared';
import { sendJson } from '../../ttl-cache';
import * as service from './courses.service';
import { seesPublicView, viewerFrom } from './viewer';

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
    (request, reply) => {
      const viewer = viewerFrom(request);
      const load = () => service.listPlaceCourses(app.db, request.params.id, request.query, viewer, app.clock.now());
      if (!seesPublicView(viewer)) return load();
      const key = `place-courses:${request.params.id}:${JSON.stringify(request.query)}`;
      return sendJson(reply, app.publicCache.getJson(key, courseListSchema, load));
    },
  );

  app.get(
    '/courses',
    {
      schema: {
        querystring: coursesQuerySchema,
        response: { 200: courseListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request, reply) => {
      const viewer = viewerFrom(request);
      const load = () => service.listCourses(app.db, request.query, viewer, app.clock.now());
      if (!seesPublicView(viewer)) return load();
      const key = `courses:${JSON.stringify(request.query)}`;
      return sendJson(reply, app.publicCache.getJson(key, courseListSchema, load));
    },
  );
};
