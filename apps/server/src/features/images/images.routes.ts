import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageParamsSchema } from '@app/shared';
import { VARIANT_TYPES } from '../../lib/images/processing';
import { variantBytes } from '../../lib/images/variants';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../plugins/errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The served photos: a content hash never changes its bytes, so they are cached for a year (immutable).
  app.get('/images/:hash/:variant', { schema: { params: imageParamsSchema, response: { 200: z.instanceof(Buffer), 304: z.instanceof(Buffer), ...errorResponses('VALIDATION', 'NOT_FOUND') } } }, async (request, reply) => {
    const { hash, variant } = request.params;
    const etag = `"${hash.slice(0, 32)}-${variant}"`;
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    const asked = String(request.headers['if-none-match'] ?? '')
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''));
    if (asked.includes(etag)) return reply.status(304).send(Buffer.alloc(0));
    const bytes = await variantBytes(app.db, hash, variant);
    if (!bytes) {
      reply.header('cache-control', 'no-store');
      throw new AppError('NOT_FOUND', 'No such image');
    }
    return reply.type(VARIANT_TYPES[variant.split('.')[1]!]!).send(bytes);
  });
};

export const imagesFeature: Feature = { name: 'images', routes: [imagesRoutes] };
