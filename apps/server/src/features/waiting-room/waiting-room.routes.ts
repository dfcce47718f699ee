import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  okSchema,
  openingParamsSchema,
  waitingRoomJoinInputSchema,
  waitingRoomLiveSchema,
  waitingRoomPositionSchema,
  setOpeningInputSchema,
  setOpeningResultSchema,
  setRateInputSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './waiting-room.service';

const familyErrors = errorResponses('VALIDATION', 'UNAUTHENTICATED', 'NOT_FOUND', 'BUSY');
const adminErrors = errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'BUSY');

/** Enrolment night's waiting room (decision 041). */
export const waitingRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  // The family's place in the line: polled at the pace the answer sets, never the person's activity.
  app.get(
    '/queue/courses/:id/position',
    {
      config: { access: 'user', sessionUser: true, background: true },
      schema: { params: idParamsSchema, response: { 200: waitingRoomPositionSchema, ...familyErrors } },
    },
    async (request, reply) => {
      const answer = await service.position(ctxOf(request), request.params.id, request.sessionUser?.profileIds);
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.post(
    '/queue/courses/:id/ticket',
    {
      config: { access: 'user', sessionUser: true },
      schema: { params: idParamsSchema, body: waitingRoomJoinInputSchema, response: { 200: waitingRoomPositionSchema, ...familyErrors } },
    },
    (request) => service.join(ctxOf(request), request.params.id, request.sessionUser?.profileIds),
  );

  app.delete(
    '/queue/courses/:id/ticket',
    {
      config: { access: 'user', sessionUser: true },
      schema: { params: idParamsSchema, response: { 200: waitingRoomPositionSchema, ...familyErrors } },
    },
    (request) => service.leave(ctxOf(request), request.params.id, request.sessionUser?.profileIds),
  );

  app.put(
    '/queue/openings',
    { config: { access: 'admin' }, schema: { body: setOpeningInputSchema, response: { 200: setOpeningResultSchema, ...adminErrors } } },
    (request) => service.setOpening(ctxOf(request), request.body),
  );

  app.put(
    '/queue/openings/:opensAt/rate',
    {
      config: { access: 'admin' },
      schema: { params: openingParamsSchema, body: setRateInputSchema, response: { 200: okSchema, ...adminErrors } },
    },
    (request) => service.setRate(ctxOf(request), request.params.opensAt, request.body.admitPerMinute),
  );

  app.get(
    '/queue/live',
    { config: { access: 'admin', background: true }, schema: { response: { 200: waitingRoomLiveSchema, ...adminErrors } } },
    (request) => service.live(ctxOf(request)),
  );
};

export const waitingRoomFeature: Feature = {
  name: 'queue',
  routes: [waitingRoomRoutes],
  jobs: (ctx) => [
    {
      name: 'queue-admission',
      everyMs: ctx.env.QUEUE_JOB_MS,
      run: async () => {
        const result = await service.admit(ctx);
        if (result.sealed || result.admitted.length || result.ended) {
          ctx.log.info({ job: 'queue-admission', sealed: result.sealed, admitted: result.admitted.length, ended: result.ended }, 'queue admitted');
        }
      },
    },
  ],
};
