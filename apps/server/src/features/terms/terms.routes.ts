import type { Feature } from '../feature';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  termInputSchema,
  termListSchema,
  termPatchSchema,
  termSchema,
  termVersionListSchema,
  termVersionParamsSchema,
  termVersionSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './terms.service';

export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/terms-and-conditions', { schema: { response: { 200: termListSchema, ...errorResponses('VALIDATION') } } }, (request) => service.listTerms(ctxOf(request)));

  app.post(
    '/terms-and-conditions',
    {
      config: { access: 'admin' },
      schema: { body: termInputSchema, response: { 201: termSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') } },
    },
    async (request, reply) => reply.status(201).send(await service.createTerm(ctxOf(request), request.body)),
  );

  app.patch(
    '/terms-and-conditions/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: termPatchSchema,
        response: { 200: termSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    (request) => service.updateTerm(ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/terms-and-conditions/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, response: { 204: z.null(), ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') } },
    },
    async (request, reply) => {
      await service.deleteTerm(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  /** Admin: the versions, newest first (every change makes one; orders name the one their parent accepted). */
  app.get(
    '/terms-and-conditions/versions',
    {
      config: { access: 'admin' },
      schema: { response: { 200: termVersionListSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') } },
    },
    (request) => service.listTermVersions(ctxOf(request)),
  );

  app.get(
    '/terms-and-conditions/versions/:version',
    {
      config: { access: 'admin' },
      schema: {
        params: termVersionParamsSchema,
        response: { 200: termVersionSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    (request) => service.getTermVersion(ctxOf(request), request.params.version),
  );
};

export const termsFeature: Feature = { name: 'terms', routes: [termsRoutes] };
