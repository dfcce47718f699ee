import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema, placeInputSchema, placeListSchema, placeSchema } from '@app/shared';
import { seesPublicView, viewerFrom } from '../courses/viewer';
import { sendJson } from '../../ttl-cache';
import * as service from './places.service';

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/places', { schema: { response: { 200: placeListSchema } } }, (request, reply) => {
    const viewer = viewerFrom(request);
    const load = () => service.listPlaces(app.db, viewer);
    if (!seesPublicView(viewer)) return load();
    return sendJson(reply, app.publicCache.getJson('places', placeListSchema, load));
  });

  app.get(
    '/places/:id',
    { schema: { params: idParamsSchema, response: { 200: placeSchema, 400: errorBodySchema, 404: errorBodySchema } } },
    (request, reply) => {
      const viewer = viewerFrom(request);
      const load = () => service.getPlace(app.db, request.params.id, viewer);
      if (!seesPublicView(viewer)) return load();
      return sendJson(reply, app.publicCache.getJson(`place:${request.params.id}`, placeSchema, load));
    },
  );
  // Admin writes. The public lists are micro-cached (decision 006): a change is dropped from the cache at once.
  app.post(
    '/places',
    {
      config: { access: 'admin' },
      schema: { body: placeInputSchema, response: { 201: placeSchema, 400: errorBodySchema, 409: errorBodySchema } },
    },
    async (request, reply) => {
      const place = await service.createPlace(app.db, request.body, viewerFrom(request));
      app.publicCache.clear();
      return reply.status(201).send(place);
    },
  );

  app.patch(
    '/places/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: placeInputSchema,
        response: { 200: placeSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const place = await service.updatePlace(app.db, request.params.id, request.body, viewerFrom(request));
      app.publicCache.clear();
      return place;
    },
  );
};
