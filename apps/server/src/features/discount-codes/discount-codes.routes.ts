import type { Feature } from '../feature';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  discountCodeCheckQuerySchema,
  discountCodeCheckSchema,
  discountCodeInputSchema,
  discountCodeListSchema,
  discountCodePatchSchema,
  idParamsSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import { rateLimit } from '../../plugins/rate-limit';
import { DISCOUNT_CODE_GUESSES, DISCOUNT_CODE_REFUSALS } from '../../domain/family-ledger/discount-codes';
import * as service from './discount-codes.service';


const adminErrors = errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'DISCOUNT_CODE_TAKEN', 'DISCOUNT_CODE_IN_USE');
const list = { 200: discountCodeListSchema, ...adminErrors };

/** Discount codes (decision 058): admins keep them at /admin/rabattkoder; the booking dialog checks one. */
export const discountCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/discount-codes', { config: { access: 'admin' }, schema: { response: list } }, (request) => service.listCodes(ctxOf(request)));

  app.post(
    '/discount-codes',
    { config: { access: 'admin' }, schema: { body: discountCodeInputSchema, response: list } },
    (request) => service.createCode(ctxOf(request), request.body),
  );

  app.patch(
    '/discount-codes/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, body: discountCodePatchSchema, response: list } },
    (request) => service.updateCode(ctxOf(request), request.params.id, request.body),
  );

  app.delete(
    '/discount-codes/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 204: z.null(), ...adminErrors } } },
    async (request, reply) => {
      await service.deleteCode(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/discount-codes/check',
    {
      config: { access: 'user' },
      schema: {
        querystring: discountCodeCheckQuerySchema,
        response: { 200: discountCodeCheckSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED', ...DISCOUNT_CODE_REFUSALS) },
      },
      // The dialog checks only whole codes, after typing stops: each check counts against the guessing limit.
      preHandler: rateLimit({ ...DISCOUNT_CODE_GUESSES, keyOf: (request) => request.user?.id ?? request.ip }),
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await service.checkForBooking(ctxOf(request), request.query)),
  );
};

export const discountCodesFeature: Feature = { name: 'discount-codes', routes: [discountCodesRoutes] };
