import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderSchema,
  cancelInputSchema,
  errorBodySchema,
  idParamsSchema,
  ordersPageSchema,
  ordersQuerySchema,
  refundInputSchema,
} from '@app/shared';
import * as service from './back-office.service';
import type { BookingContext } from './context';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBodySchema]));

/** The back office's orders (spec §7 GET /payments) and, beyond the spec, refund and cancel through Vipps. Admin only. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const contextOf = (request: FastifyRequest): BookingContext => ({ db: app.db, env: app.env, payments: app.payments, log: request.log });

  app.get(
    '/payments',
    {
      config: { access: 'admin' },
      schema: { querystring: ordersQuerySchema, response: { 200: ordersPageSchema, ...errors(400, 401, 403) } },
    },
    (request) => service.listOrders(contextOf(request), request.query),
  );

  app.post(
    '/payments/:id/refund',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: refundInputSchema,
        response: { 200: adminOrderSchema, ...errors(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    (request) => service.refundOrder(contextOf(request), request.params.id, request.body),
  );

  app.post(
    '/payments/:id/cancel',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: cancelInputSchema,
        response: { 200: adminOrderSchema, ...errors(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    (request) => service.cancelOrder(contextOf(request), request.params.id, request.body),
  );
};
