import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema, placeListSchema, placeSchema } from '@app/shared';
import { viewerFrom } from '../courses/viewer';
import * as service from './places.service';

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/places', { schema: { response: { 200: placeListSchema } } }, (request) =>
    service.listPlaces(app.db, viewerFrom(request)),
  );

  app.get(
    '/places/:id',
    { schema: { params: idParamsSchema, response: { 200: placeSchema, 400: errorBodySchema, 404: errorBodySchema } } },
    (request) => service.getPlace(app.db, request.params.id, viewerFrom(request)),
  );
};
