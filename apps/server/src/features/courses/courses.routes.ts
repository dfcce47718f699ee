import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseInputSchema, courseListSchema, courseSchema, coursesQuerySchema, idParamsSchema, okSchema, placeCoursesQuerySchema } from '@app/shared';
import { seesPublicView } from '../../access/access';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import { sendCached, type LoadDeps } from '../../public-cache';
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
      const load = (deps?: LoadDeps) => service.listPlaceCourses(ctx, request.params.id, request.query, deps);
      if (!seesPublicView(ctx.viewer)) return load();
      const key = `place-courses:${request.params.id}:${JSON.stringify(request.query)}`;
      return sendCached(request, reply, app.publicCache.get(key, courseListSchema, load));
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
      const load = (deps?: LoadDeps) => service.listCourses(ctx, request.query, deps);
      if (!seesPublicView(ctx.viewer)) return load();
      const key = `courses:${JSON.stringify(request.query)}`;
      return sendCached(request, reply, app.publicCache.get(key, courseListSchema, load));
    },
  );

  // ---- admin writes (spec §7); each drops the public cache
  app.post(
    '/courses',
    {
      config: { access: 'admin' },
      schema: { body: courseInputSchema, response: { 201: courseSchema, ...errorResponses('VALIDATION', 'FORBIDDEN', 'UNAUTHENTICATED', 'UNKNOWN_INSTRUCTOR', 'COURSE_NEEDS_CONFIRMATION') } },
    },
    async (request, reply) =>
      reply.status(201).send(await app.publicCache.invalidateAfter(service.createCourse(ctxOf(request), request.body))),
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
        response: { 200: courseSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'UNKNOWN_INSTRUCTOR', 'FORBIDDEN', 'NOT_FOUND', 'COURSE_NEEDS_CONFIRMATION') },
      },
    },
    (request) => app.publicCache.invalidateAfter(service.updateCourse(ctxOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/courses/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        response: { 200: okSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'COURSE_HAS_PARTICIPANTS', 'BUSY') },
      },
    },
    async (request) => {
      await service.deleteCourse(ctxOf(request), request.params.id);
      app.publicCache.invalidate();
      return { ok: true as const };
    },
  );

  // ---- the instructor's own courses (admin: anyone's)
  app.get(
    '/users/instructors/:id/courses',
    {
      config: { access: 'instructor' },
      schema: { params: idParamsSchema, response: { 200: courseListSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') } },
    },
    (request) => service.listInstructorCourses(ctxOf(request), request.params.id),
  );
};

export const coursesFeature: Feature = { name: 'courses', routes: [coursesRoutes] };
