import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedSchema,
  errorBodySchema,
  idParamsSchema,
  inviteAnswerSchema,
  inviteInputSchema,
  inviteListSchema,
  inviteSchema,
} from '@app/shared';
import { familyCtx } from '../../family-context';
import { rateLimit } from '../../plugins/rate-limit';
import * as service from './invites.service';

const HOUR_MS = 3_600_000;
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Spec §7 `/invites*`: a profile's owner invites guardians by e-mail; the invitee answers. */
export const invitesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invites/user/:id/pending',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: inviteListSchema, ...errors } } },
    (request) => service.pendingInvitesOf(familyCtx(app, request), request.params.id),
  );
  app.get(
    '/invites/profile/:id',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: inviteListSchema, ...errors } } },
    (request) => service.invitesOfProfile(familyCtx(app, request), request.params.id),
  );
  app.post(
    '/invites',
    {
      config: { access: 'user' },
      schema: { body: inviteInputSchema, response: { 201: inviteSchema, ...errors, 429: errorBodySchema } },
      preHandler: rateLimit({
        name: 'invite',
        max: () => app.env.INVITE_RATE_LIMIT,
        windowMs: HOUR_MS,
        keyOf: (request) => request.user?.id ?? request.ip,
      }),
    },
    async (request, reply) => reply.status(201).send(await service.createInvite(familyCtx(app, request), request.body)),
  );
  app.patch(
    '/invites/:id',
    { config: { access: 'user' }, schema: { params: idParamsSchema, body: inviteAnswerSchema, response: { 200: inviteSchema, ...errors } } },
    (request) => service.answerInvite(familyCtx(app, request), request.params.id, request.body.status),
  );
  app.delete(
    '/invites/:id',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: deletedSchema, ...errors } } },
    async (request) => {
      await service.deleteInvite(familyCtx(app, request), request.params.id);
      return { ok: true as const };
    },
  );
};
