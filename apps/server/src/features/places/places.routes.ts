import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, placeListSchema, placeSchema } from '@app/shared';
import { seesPublicView } from '../../access/access';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import { sendJson } from '../../ttl-cache';
import * as service from './places.service';

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/places', { schema: { response: { 200: placeListSchema } } }, (request, reply) => {
    const ctx = ctxOf(request);
    const load = () => service.listPlaces(ctx);
    if (!seesPublicView(ctx.viewer)) return load();
    return sendJson(reply, app.publicCache.getJson('places', placeListSchema, load));
  });

  app.get(
    '/places/:id',
    { schema: { params: idParamsSchema, response: { 200: placeSchema, ...errorResponses('VALIDATION', 'NOT_FOUND') } } },
    (request, reply) => {
      const ctx = ctxOf(request);
      const load = () => service.getPlace(ctx, request.params.id);
      if (!seesPublicView(ctx.viewer)) return load();
      return sendJson(reply, app.publicCache.getJson(`place:${request.params.id}`, placeSchema, load));
    },
  );
};
