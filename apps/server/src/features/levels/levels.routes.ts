import type { Feature } from '../feature';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  ladderOrderSchema,
  levelInputSchema,
  levelListSchema,
  levelPatchSchema,
  skillInputSchema,
  skillPatchSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './levels.service';

const errors = errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'LEVEL_IN_USE', 'LEVEL_NAME_TAKEN');
const ladder = { 200: levelListSchema, ...errors };

/** The ladder (decision 057): everyone signed in reads it (the course form, the grid, 'Fremgang'); admins edit it at /admin/nivaer. */
export const levelsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/levels', { config: { access: 'user' }, schema: { response: ladder } }, (request) => service.listLadder(ctxOf(request)));

  app.post(
    '/levels',
    { config: { access: 'admin' }, schema: { body: levelInputSchema, response: ladder } },
    (request) => service.createLevel(ctxOf(request), request.body.name),
  );

  app.put(
    '/levels/order',
    { config: { access: 'admin' }, schema: { body: ladderOrderSchema, response: ladder } },
    (request) => service.reorderLevels(ctxOf(request), request.body),
  );

  app.patch(
    '/levels/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, body: levelPatchSchema, response: ladder } },
    (request) => service.updateLevel(ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/levels/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.deleteLevel(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/levels/:id/skills',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, body: skillInputSchema, response: ladder } },
    (request) => service.createSkill(ctxOf(request), request.params.id, request.body.description),
  );

  app.put(
    '/levels/:id/skills/order',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, body: ladderOrderSchema, response: ladder } },
    (request) => service.reorderSkills(ctxOf(request), request.params.id, request.body),
  );

  app.patch(
    '/skills/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, body: skillPatchSchema, response: ladder } },
    (request) => service.updateSkill(ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/skills/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.deleteSkill(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export const levelsFeature: Feature = { name: 'levels', routes: [levelsRoutes] };
