import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema, placeListSchema, placeSchema } from '@app/shared';
import { seesPublicView, viewerFrom } from '../courses/viewer';
import * as service from './places.service';

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/places', { schema: { response: { 200: placeListSchema } } }, (request) => {
    const viewer = viewerFrom(request);
    const load = () => service.listPlaces(app.db, viewer);
    return seesPublicView(viewer) ? app.publicCache.get('places', load) : load();
  });

  app.get(
    '/places/:id',
    { schema: { params: idParamsSchema, response: { 200: placeSchema, 400: errorBodySchema, 404: errorBodySchema } } },
    (request) => {
      const viewer = viewerFrom(request);
      const load = () => service.getPlace(app.db, request.params.id, viewer);
      return seesPublicView(viewer) ? app.publicCache.get(`place:${request.params.id}`, load) : load();
    },
  );
};
