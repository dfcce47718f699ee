import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedSchema,
  idParamsSchema,
  inviteAnswerResultSchema,
  inviteAnswerSchema,
  inviteInputSchema,
  inviteLinkInputSchema,
  inviteLinkSchema,
  inviteListSchema,
  inviteSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import { rateLimit } from '../../plugins/rate-limit';
import * as service from './invites.service';

const HOUR_MS = 3_600_000;
const errors = errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'ALREADY_INVITED');
const answerErrors = errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INVITE_NOT_PENDING', 'INVITE_EXPIRED', 'LAST_GUARDIAN');

/** Spec §7 `/invites*`. The secret travels in bodies only, never in a URL, so no request log holds it. */
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
  app.post(
    '/invites/link',
    { config: { access: 'user' }, schema: { body: inviteLinkInputSchema, response: { 200: inviteLinkSchema, ...answerErrors } } },
    (request) => service.openInviteLink(ctxOf(request), request.body.secret),
  );
  app.patch(
    '/invites/:id',
    { config: { access: 'user' }, schema: { params: idParamsSchema, body: inviteAnswerSchema, response: { 200: inviteAnswerResultSchema, ...answerErrors } } },
    (request) => service.answerInvite(ctxOf(request), request.params.id, request.body),
  );
  app.post(
    '/invites/:id/confirm',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: inviteSchema, ...answerErrors } } },
    (request) => service.confirmInvite(ctxOf(request), request.params.id),
  );
  app.post(
    '/invites/:id/undo',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: inviteSchema, ...answerErrors } } },
    (request) => service.undoInvite(ctxOf(request), request.params.id),
  );
  app.delete(
    '/invites/:id',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: deletedSchema, ...errors, ...errorResponses('INVITE_NOT_PENDING') } } },
    async (request) => {
      await service.deleteInvite(ctxOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};

export const invitesFeature: Feature = { name: 'invites', routes: [invitesRoutes] };
