import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, myRolloverOffersSchema, rolloverCreatedSchema, rolloverInputSchema, rolloverListSchema, rolloverPlanQuerySchema, rolloverPlanSchema } from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './rollover.service';

/** 'Behold plassen' (decision 060): the admin opens a rollover and follows it; the family answers on /profil. */
export const rolloverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rollovers/plan',
    { config: { access: 'admin' }, schema: { querystring: rolloverPlanQuerySchema, response: { 200: rolloverPlanSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') } } },
    (request) => service.rolloverPlan(ctxOf(request), request.query.seasonId),
  );
  app.get(
    '/rollovers',
    { config: { access: 'admin' }, schema: { response: { 200: rolloverListSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') } } },
    (request) => service.listRollovers(ctxOf(request)),
  );
  app.post(
    '/rollovers',
    {
      config: { access: 'admin' },
      schema: {
        body: rolloverInputSchema,
        response: {
          201: rolloverCreatedSchema,
          ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'ROLLOVER_REPLY_BY_INVALID', 'ROLLOVER_COURSE_INVALID', 'BUSY'),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createRollover(ctxOf(request), request.body)),
  );
  app.get(
    '/rollover-offers/mine',
    { config: { access: 'user' }, schema: { response: { 200: myRolloverOffersSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED') } } },
    (request) => service.myRolloverOffers(ctxOf(request)),
  );
  app.post(
    '/rollover-offers/:id/decline',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 204: z.null(), ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'NOT_FOUND', 'ROLLOVER_OFFER_CLOSED', 'BUSY') } },
    },
    async (request, reply) => {
      await service.declineOffer(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
