import type { Feature } from '../feature';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, seasonInputSchema, seasonListSchema, seasonSchema } from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './seasons.service';

/** The school's seasons (decision 053): admins list, add, edit and delete them at /admin/sesonger. */
export const seasonsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/seasons',
    { config: { access: 'admin' }, schema: { response: { 200: seasonListSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') } } },
    (request) => service.listSeasons(ctxOf(request)),
  );

  app.post(
    '/seasons',
    {
      config: { access: 'admin' },
      schema: { body: seasonInputSchema, response: { 201: seasonSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'SEASON_OVERLAP') } },
    },
    async (request, reply) => reply.status(201).send(await service.createSeason(ctxOf(request), request.body)),
  );

  app.patch(
    '/seasons/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: seasonInputSchema,
        response: { 200: seasonSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'SEASON_OVERLAP') },
      },
    },
    (request) => service.updateSeason(ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/seasons/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, response: { 204: z.null(), ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') } },
    },
    async (request, reply) => {
      await service.deleteSeason(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export const seasonsFeature: Feature = { name: 'seasons', routes: [seasonsRoutes] };
