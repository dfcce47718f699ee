import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedSchema,
  idParamsSchema,
  inviteAnswerSchema,
  inviteInputSchema,
  inviteListSchema,
  inviteSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import { rateLimit } from '../../plugins/rate-limit';
import * as service from './invites.service';

const HOUR_MS = 3_600_000;
const errors = errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'ALREADY_INVITED');

/** Spec §7 `/invites*`: a profile's owner invites guardians by e-mail; the invitee answers. */
export const invitesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invites/user/:id/pending',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: inviteListSchema, ...errors } } },
    (request) => service.pendingInvitesOf(ctxOf(request), request.params.id),
  );
  app.get(
    '/invites/profile/:id',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: inviteListSchema, ...errors } } },
    (request) => service.invitesOfProfile(ctxOf(request), request.params.id),
  );
  app.post(
    '/invites',
    {
      config: { access: 'user' },
      schema: { body: inviteInputSchema, response: { 201: inviteSchema, ...errors, ...errorResponses('RATE_LIMITED') } },
      preHandler: rateLimit({
        name: 'invite',
        max: () => app.env.INVITE_RATE_LIMIT,
        windowMs: HOUR_MS,
        keyOf: (request) => request.user?.id ?? request.ip,
      }),
    },
    async (request, reply) => reply.status(201).send(await service.createInvite(ctxOf(request), request.body)),
  );
  app.patch(
    '/invites/:id',
    { config: { access: 'user' }, schema: { params: idParamsSchema, body: inviteAnswerSchema, response: { 200: inviteSchema, ...errors } } },
    (request) => service.answerInvite(ctxOf(request), request.params.id, request.body.status),
  );
  app.delete(
    '/invites/:id',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: deletedSchema, ...errors } } },
    async (request) => {
      await service.deleteInvite(ctxOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
