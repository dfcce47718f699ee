import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courseInputSchema,
  courseListSchema,
  courseSchema,
  coursesQuerySchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  placeCoursesQuerySchema,
} from '@app/shared';
import { sendJson } from '../../ttl-cache';
import * as service from './courses.service';
import { requireSelfOrAdmin } from './course-access';
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
      const load = () => service.listPlaceCourses(app.db, request.params.id, request.query, viewer);
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
      const load = () => service.listCourses(app.db, request.query, viewer);
      if (!seesPublicView(viewer)) return load();
      const key = `courses:${JSON.stringify(request.query)}`;
      return sendJson(reply, app.publicCache.getJson(key, courseListSchema, load));
    },
  );
  // ---- admin writes (spec §7). Each drops the public micro-cache, so visitors see the change at once.
  app.post(
    '/courses',
    {
      config: { access: 'admin' },
      schema: { body: courseInputSchema, response: { 201: courseSchema, 400: errorBodySchema } },
    },
    async (request, reply) => {
      const course = await service.createCourse(app.db, request.body, viewerFrom(request));
      app.publicCache.clear();
      return reply.status(201).send(course);
    },
  );

  app.patch(
    '/courses/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        // ?pop=true: the spec's "populated" answer; the answer always carries the instructors' names.
        querystring: z.object({ pop: z.string().max(10).optional() }),
        body: courseInputSchema,
        response: { 200: courseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const course = await service.updateCourse(app.db, request.params.id, request.body, viewerFrom(request));
      app.publicCache.clear();
      return course;
    },
  );

  app.delete(
    '/courses/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, response: { 200: okSchema, 404: errorBodySchema, 409: errorBodySchema } },
    },
    async (request) => {
      await service.deleteCourse(app.db, request.params.id);
      app.publicCache.clear();
      return { ok: true as const };
    },
  );

  // ---- the instructor's own courses (admin: anyone's)
  app.get(
    '/users/instructors/:id/courses',
    {
      config: { access: 'instructor' },
      schema: { params: idParamsSchema, response: { 200: courseListSchema, 403: errorBodySchema } },
    },
    (request) => {
      const viewer = viewerFrom(request);
      requireSelfOrAdmin(viewer, request.params.id);
      return service.listInstructorCourses(app.db, request.params.id, viewer);
    },
  );
};
