import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderSchema,
  cancelInputSchema,
  idParamsSchema,
  ordersPageSchema,
  ordersQuerySchema,
  refundInputSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './back-office.service';

const MODIFICATION_ERRORS = errorResponses(
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYMENT_PROVIDER',
  'BUSY',
);

/** The back office's orders (spec §7 GET /payments) and, beyond the spec, refund and cancel through Vipps. Admin only. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments',
    {
      config: { access: 'admin' },
      schema: { querystring: ordersQuerySchema, response: { 200: ordersPageSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') } },
    },
    (request) => service.listOrders(ctxOf(request), request.query),
  );

  app.post(
    '/payments/:id/refund',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: refundInputSchema,
        response: { 200: adminOrderSchema, ...MODIFICATION_ERRORS },
      },
    },
    (request) => service.refundOrder(ctxOf(request), request.params.id, request.body),
  );

  app.post(
    '/payments/:id/cancel',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: cancelInputSchema,
        response: { 200: adminOrderSchema, ...MODIFICATION_ERRORS },
      },
    },
    (request) => service.cancelOrder(ctxOf(request), request.params.id, request.body),
  );
};
