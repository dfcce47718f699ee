import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  childCareInputSchema,
  childCareSchema,
  courseHealthNotesSchema,
  healthNoteReadsSchema,
  idParamsSchema,
  participantHealthNoteSchema,
  participantParamsSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './care.service';

const errors = errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND');

/** A child's care details; the note (special category data) is answered with `no-store`. */
export const careRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/children/:id/care',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: childCareSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await service.getCare(ctxOf(request), request.params.id)),
  );
  app.put(
    '/children/:id/care',
    { config: { access: 'user' }, schema: { params: idParamsSchema, body: childCareInputSchema, response: { 200: childCareSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await service.saveCare(ctxOf(request), request.params.id, request.body)),
  );
  app.get(
    '/children/:id/health-note/reads',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: healthNoteReadsSchema, ...errors } } },
    (request) => service.listReads(ctxOf(request), request.params.id),
  );
  app.get(
    '/courses/:id/participants/:userId/health-note',
    { config: { access: 'instructor' }, schema: { params: participantParamsSchema, response: { 200: participantHealthNoteSchema, ...errors } } },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await service.participantNote(ctxOf(request), request.params.id, request.params.userId)),
  );
  app.get(
    '/courses/:id/health-notes',
    { config: { access: 'instructor' }, schema: { params: idParamsSchema, response: { 200: courseHealthNotesSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await service.courseNotes(ctxOf(request), request.params.id)),
  );
};

export const careFeature: Feature = { name: 'care', routes: [careRoutes] };
