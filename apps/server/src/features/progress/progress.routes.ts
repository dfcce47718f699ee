import type { Feature } from '../feature';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  childCourseParamsSchema,
  childProgressSchema,
  courseChildParamsSchema,
  courseProgressSchema,
  currentMarkSchema,
  idParamsSchema,
  okSchema,
  progressNoteInputSchema,
  skillMarksInputSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { attachmentDisposition } from '../../integrations/calendar/course-calendar';
import { errorResponses } from '../../plugins/errors';
import * as service from './progress.service';

const errors = errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CHILD_NOT_IN_COURSE');

/** Marks, notes, 'Fremgang' and 'Kursbevis' (decision 057). */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/courses/:id/progress',
    { config: { access: 'instructor' }, schema: { params: idParamsSchema, response: { 200: courseProgressSchema, ...errors } } },
    (request) => service.courseProgress(ctxOf(request), request.params.id),
  );

  app.post(
    '/courses/:id/skill-marks',
    {
      config: { access: 'instructor' },
      schema: {
        params: idParamsSchema,
        body: skillMarksInputSchema,
        response: { 200: z.object({ marks: z.array(currentMarkSchema) }), ...errors, ...errorResponses('SKILL_NOT_OF_LEVEL', 'SKILL_RETIRED', 'MARK_IN_FUTURE') },
      },
    },
    async (request) => ({ marks: await service.recordMarks(ctxOf(request), request.params.id, request.body) }),
  );

  app.put(
    '/courses/:id/progress/:childId',
    {
      config: { access: 'instructor' },
      schema: { params: courseChildParamsSchema, body: progressNoteInputSchema, response: { 200: okSchema, ...errors, ...errorResponses('RECOMMENDATION_INVALID') } },
    },
    async (request) => {
      await service.saveNote(ctxOf(request), request.params.id, request.params.childId, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/children/:id/progress',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: childProgressSchema, ...errors } } },
    (request) => service.childProgress(ctxOf(request), request.params.id),
  );

  app.get(
    '/children/:id/courses/:courseId/certificate',
    {
      config: { access: 'user' },
      // 200 is the PDF itself (a Buffer: Fastify sends it as it is).
      schema: { params: childCourseParamsSchema, response: { 200: z.unknown(), ...errors, ...errorResponses('NO_CERTIFICATE') } },
    },
    async (request, reply) => {
      const file = await service.certificate(ctxOf(request), request.params.id, request.params.courseId);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.pdf));
    },
  );
};

export const progressFeature: Feature = { name: 'progress', routes: [progressRoutes] };
