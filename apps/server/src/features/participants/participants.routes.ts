import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attendanceInputSchema,
  attendanceResponseSchema,
  courseParticipantsSchema,
  idParamsSchema,
  okSchema,
  participantAddInputSchema,
  participantCandidatesQuerySchema,
  participantCandidatesSchema,
  participantMoveInputSchema,
  participantParamsSchema,
  participantRemoveQuerySchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './participants.service';

const errors = errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CHILD_ALREADY_IN_COURSE', 'BUSY');

/** Participants of a course: admin writes (add, remove, move), reads for the admin and the course's instructors. */
export const participantsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/courses/:id/participants',
    { config: { access: 'instructor' }, schema: { params: idParamsSchema, response: { 200: courseParticipantsSchema, ...errors } } },
    (request) => service.listParticipants(ctxOf(request), request.params.id),
  );

  app.get(
    '/courses/:id/participants/candidates',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, querystring: participantCandidatesQuerySchema, response: { 200: participantCandidatesSchema, ...errors } },
    },
    (request) => service.searchCandidates(ctxOf(request), request.params.id, request.query),
  );

  app.post(
    '/courses/:id/participants',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: participantAddInputSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      const { id: childId, override } = request.body;
      await service.addParticipant(ctxOf(request), request.params.id, childId, override);
      if (override) request.log.info({ courseId: request.params.id, childId, adminId: request.user!.id }, 'participant added with capacity override');
      app.publicCache.invalidate();
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
      await service.removeParticipantAsAdmin(ctxOf(request), request.params.id, request.params.userId);
      app.publicCache.invalidate();
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
      await service.moveParticipant(ctxOf(request), move);
      if (move.override) request.log.info({ ...move, adminId: request.user!.id }, 'participant moved with capacity override');
      app.publicCache.invalidate();
      return { ok: true as const };
    },
  );

  app.post(
    '/courses/:id/attendance',
    {
      config: { access: 'instructor' },
      schema: { params: idParamsSchema, body: attendanceInputSchema, response: { 200: attendanceResponseSchema, ...errors } },
    },
    async (request) => ({ marks: await service.recordAttendance(ctxOf(request), request.params.id, request.body) }),
  );
};

export const participantsFeature: Feature = { name: 'participants', routes: [participantsRoutes] };
