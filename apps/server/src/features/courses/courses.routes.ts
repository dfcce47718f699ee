import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseListSchema, coursesQuerySchema, idParamsSchema, placeCoursesQuerySchema } from '@app/shared';
import { seesPublicView } from '../../access/access';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import { sendJson } from '../../ttl-cache';
import * as service from './courses.service';

export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/places/:id/courses',
    {
      schema: {
        params: idParamsSchema,
        querystring: placeCoursesQuerySchema,
        response: { 200: courseListSchema, ...errorResponses('VALIDATION', 'NOT_FOUND') },
      },
    },
    (request, reply) => {
      const ctx = ctxOf(request);
      const load = () => service.listPlaceCourses(ctx, request.params.id, request.query);
      if (!seesPublicView(ctx.viewer)) return load();
      const key = `place-courses:${request.params.id}:${JSON.stringify(request.query)}`;
      return sendJson(reply, app.publicCache.getJson(key, courseListSchema, load));
    },
  );

  app.get(
    '/courses',
    {
      schema: {
        querystring: coursesQuerySchema,
        response: { 200: courseListSchema, ...errorResponses('VALIDATION', 'NOT_FOUND') },
      },
    },
    (request, reply) => {
      const ctx = ctxOf(request);
      const load = () => service.listCourses(ctx, request.query);
      if (!seesPublicView(ctx.viewer)) return load();
      const key = `courses:${JSON.stringify(request.query)}`;
      return sendJson(reply, app.publicCache.getJson(key, courseListSchema, load));
    },
  );
};
