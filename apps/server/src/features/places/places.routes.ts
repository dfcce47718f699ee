import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema, placeListSchema, placeSchema } from '@app/shared';
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
};
