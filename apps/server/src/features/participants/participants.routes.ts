import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attendanceInputSchema,
  attendanceResponseSchema,
  courseParticipantsSchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  participantAddInputSchema,
  participantMoveInputSchema,
  participantParamsSchema,
  participantRemoveQuerySchema,
} from '@app/shared';
import { viewerFrom } from '../courses/viewer';
import * as service from './participants.service';

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 503: errorBodySchema };

/** Participants of a course: admin writes (add, remove, move), reads for the admin and the course's instructors. */
export const participantsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/courses/:id/participants',
    { config: { access: 'instructor' }, schema: { params: idParamsSchema, response: { 200: courseParticipantsSchema, ...errors } } },
    (request) => service.listParticipants(app.db, viewerFrom(request), request.params.id),
  );

  app.post(
    '/courses/:id/participants',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: participantAddInputSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      const { id: childId, override } = request.body;
      await service.addParticipant(app.db, request.user!, request.params.id, childId, override);
      if (override) request.log.info({ courseId: request.params.id, childId, adminId: request.user!.id }, 'participant added with capacity override');
      app.publicCache.clear();
      return { ok: true as const };
    },
  );

  app.delete(
    '/courses/:id/participants/:userId',
    {
      config: { access: 'admin' },
      schema: { params: participantParamsSchema, querystring: participantRemoveQuerySchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      await service.removeParticipant(app.db, request.params.id, request.params.userId);
      app.publicCache.clear();
      return { ok: true as const };
    },
  );

  app.post(
    '/courses/:id/participants/:userId/move',
    {
      config: { access: 'admin' },
      schema: { params: participantParamsSchema, body: participantMoveInputSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      const move = {
        fromCourseId: request.params.id,
        toCourseId: request.body.courseId,
        childId: request.params.userId,
        override: request.body.override,
      };
      await service.moveParticipant(app.db, request.user!, move);
      if (move.override) request.log.info({ ...move, adminId: request.user!.id }, 'participant moved with capacity override');
      app.publicCache.clear();
      return { ok: true as const };
    },
  );

  app.post(
    '/courses/:id/attendance',
    {
      config: { access: 'instructor' },
      schema: { params: idParamsSchema, body: attendanceInputSchema, response: { 200: attendanceResponseSchema, ...errors } },
    },
    async (request) => ({ marks: await service.recordAttendance(app.db, viewerFrom(request), request.params.id, request.body) }),
  );
};
