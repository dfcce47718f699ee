import type { Feature } from '../feature';
import { venuePhotosRoutes } from './venue-photos.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, placeInputSchema, placeListSchema, placeSchema } from '@app/shared';
import { seesPublicView } from '../../access/access';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import { sendCached } from '../../public-cache';
import * as service from './venues.service';

export const venuesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/places', { schema: { response: { 200: placeListSchema, ...errorResponses('VALIDATION') } } }, (request, reply) => {
    const ctx = ctxOf(request);
    const load = () => service.listPlaces(ctx);
    if (!seesPublicView(ctx.viewer)) return load();
    return sendCached(request, reply, app.publicCache.get('places', placeListSchema, load));
  });

  app.get(
    '/places/:id',
    { schema: { params: idParamsSchema, response: { 200: placeSchema, ...errorResponses('VALIDATION', 'NOT_FOUND') } } },
    (request, reply) => {
      const ctx = ctxOf(request);
      const load = () => service.getVenue(ctx, request.params.id);
      if (!seesPublicView(ctx.viewer)) return load();
      return sendCached(request, reply, app.publicCache.get(`place:${request.params.id}`, placeSchema, load));
    },
  );

  app.post(
    '/places',
    {
      config: { access: 'admin' },
      schema: { body: placeInputSchema, response: { 201: placeSchema, ...errorResponses('VALIDATION', 'FORBIDDEN', 'UNAUTHENTICATED', 'PLACE_NAME_TAKEN', 'PLACE_NAME_WAS_USED') } },
    },
    async (request, reply) =>
      reply.status(201).send(await app.publicCache.invalidateAfter(service.createVenue(ctxOf(request), request.body))),
  );

  app.patch(
    '/places/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: placeInputSchema,
        response: { 200: placeSchema, ...errorResponses('VALIDATION', 'FORBIDDEN', 'UNAUTHENTICATED', 'NOT_FOUND', 'PLACE_NAME_TAKEN', 'PLACE_NAME_WAS_USED') },
      },
    },
    (request) => app.publicCache.invalidateAfter(service.updateVenue(ctxOf(request), request.params.id, request.body)),
  );
};

export const venuesFeature: Feature = { name: 'venues', routes: [venuesRoutes, venuePhotosRoutes] };
