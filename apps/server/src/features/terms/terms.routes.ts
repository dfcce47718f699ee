import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  idParamsSchema,
  termInputSchema,
  termListSchema,
  termPatchSchema,
  termSchema,
  termVersionListSchema,
  termVersionParamsSchema,
  termVersionSchema,
} from '@app/shared';
import { viewerOf } from '../../plugins/auth';
import * as service from './terms.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/terms-and-conditions', { schema: { response: { 200: termListSchema } } }, () => service.listTerms({ db: app.db }));

  app.post(
    '/terms-and-conditions',
    { config: { access: 'admin' }, schema: { body: termInputSchema, response: { 201: termSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await service.createTerm({ db: app.db, viewer: viewerOf(request) }, request.body)),
  );

  app.patch(
    '/terms-and-conditions/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: termPatchSchema, response: { 200: termSchema, ...errors, 404: errorBodySchema } },
    },
    (request) => service.updateTerm({ db: app.db, viewer: viewerOf(request) }, request.params.id, request.body),
  );

  app.delete(
    '/terms-and-conditions/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 204: z.null(), ...errors, 404: errorBodySchema } } },
    async (request, reply) => {
      await service.deleteTerm({ db: app.db, viewer: viewerOf(request) }, request.params.id);
      return reply.status(204).send(null);
    },
  );

  /** Admin: the versions, newest first (every change makes one; orders name the one their parent accepted). */
  app.get(
    '/terms-and-conditions/versions',
    { config: { access: 'admin' }, schema: { response: { 200: termVersionListSchema, ...errors } } },
    () => service.listTermVersions({ db: app.db }),
  );

  app.get(
    '/terms-and-conditions/versions/:version',
    {
      config: { access: 'admin' },
      schema: { params: termVersionParamsSchema, response: { 200: termVersionSchema, ...errors, 404: errorBodySchema } },
    },
    (request) => service.getTermVersion({ db: app.db }, request.params.version),
  );
};
