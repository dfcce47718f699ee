import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  MAX_PHOTO_BYTES,
  photoUploadQuerySchema,
  placePhotoParamsSchema,
  placePhotosInputSchema,
  placeSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../plugins/errors';
import { rateLimit } from '../../plugins/rate-limit';
import * as service from './venue-photos.service';

const ONE_HOUR_MS = 3_600_000;
/** Room for the bytes over MAX_PHOTO_BYTES, so that the service (not the parser) answers 'too large' up to here. */
const UPLOAD_BODY_LIMIT = MAX_PHOTO_BYTES + 64 * 1024;

const uploadErrors = errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'TOO_MANY_PHOTOS', 'RATE_LIMITED');

export const venuePhotosRoutes: FastifyPluginAsyncZod = async (app) => {
  // Uploads: the raw bytes up to the limit; the admin check (onRequest) runs before the body is read.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error) => {
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE', 'The photo is too large');
      throw error;
    });
    const uploadLimit = rateLimit({ name: 'photo-upload', max: () => app.env.PHOTO_UPLOAD_RATE_LIMIT, windowMs: ONE_HOUR_MS, keyOf: (r) => r.user?.id ?? r.ip });
    const bytesOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

    scope.post(
      '/places/:id/photos',
      {
        config: { access: 'admin' },
        preHandler: uploadLimit,
        schema: { params: idParamsSchema, querystring: photoUploadQuerySchema, response: { 201: placeSchema, ...uploadErrors } },
      },
      async (request, reply) => {
        const place = service.addPhoto(ctxOf(request), request.params.id, request.query.alt, bytesOf(request.body));
        return reply.status(201).send(await app.publicCache.invalidateAfter(place));
      },
    );

    scope.put(
      '/places/:id/photos/:photoId',
      { config: { access: 'admin' }, preHandler: uploadLimit, schema: { params: placePhotoParamsSchema, response: { 200: placeSchema, ...uploadErrors } } },
      (request) => {
        const { id, photoId } = request.params;
        return app.publicCache.invalidateAfter(service.replacePhoto(ctxOf(request), id, photoId, bytesOf(request.body)));
      },
    );
  });

  app.put(
    '/places/:id/photos',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: placePhotosInputSchema, response: { 200: placeSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') } },
    },
    (request) => app.publicCache.invalidateAfter(service.arrangePhotos(ctxOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/places/:id/photos/:photoId',
    {
      config: { access: 'admin' },
      schema: { params: placePhotoParamsSchema, response: { 200: placeSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') } },
    },
    (request) => app.publicCache.invalidateAfter(service.deletePhoto(ctxOf(request), request.params.id, request.params.photoId)),
  );
};
