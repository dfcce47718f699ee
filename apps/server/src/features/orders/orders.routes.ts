import type { Feature } from '../feature';
import { reconcilePayments } from './reconciler';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderSchema,
  cancelInputSchema,
  idParamsSchema,
  ordersPageSchema,
  ordersQuerySchema,
  refundInputSchema,
  cancellationDecisionSchema,
  cancellationInputSchema,
  cancellationPreviewSchema,
  cancellationSchema,
  familyPaymentListSchema,
  idSchema,
  bookkeepingQuerySchema,
  reconciliationQuerySchema,
  reconciliationSchema,
  incidentResolutionInputSchema,
  paymentIncidentSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './orders.service';
import * as withdrawal from './withdrawal.service';
import * as receipts from './receipts.service';
import * as bookkeeping from './bookkeeping.service';
import * as reconciliation from './reconciliation.service';
import * as incidents from './incidents.service';
import { attachmentDisposition } from '../../integrations/calendar/course-calendar';
import { z } from 'zod';

const MODIFICATION_ERRORS = errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'PAYMENT_PROVIDER', 'BUSY');

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
      schema: { params: idParamsSchema, body: refundInputSchema, response: { 200: adminOrderSchema, ...MODIFICATION_ERRORS } },
    },
    (request) => service.refundOrder(ctxOf(request), request.params.id, request.body),
  );

  app.post(
    '/payments/:id/cancel',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: cancelInputSchema, response: { 200: adminOrderSchema, ...MODIFICATION_ERRORS } },
    },
    (request) => service.cancelOrder(ctxOf(request), request.params.id, request.body),
  );

  // ---- a parent cancels a child's place ('Meld av kurset'): own family only -------------------------------------
  app.get(
    '/orders/:id/cancellation',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: cancellationPreviewSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT') } },
    },
    (request) => withdrawal.cancellationPreview(ctxOf(request), request.params.id),
  );

  app.post(
    '/orders/:id/cancellation',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, body: cancellationInputSchema, response: { 200: cancellationSchema, ...MODIFICATION_ERRORS } },
    },
    (request) => withdrawal.cancelPlace(ctxOf(request), request.params.id, request.body),
  );

  /** The family's paid orders on /profil, with 'Meld av kurset' where it can be done. */
  app.get(
    '/profiles/:id/payments',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: familyPaymentListSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') } },
    },
    (request) => withdrawal.familyPayments(ctxOf(request), request.params.id),
  );

  /** A receipt (kvittering) of one capture or refund, as a PDF: the order's own family only. */
  app.get(
    '/orders/:id/receipts/:eventId',
    {
      config: { access: 'user' },
      schema: {
        params: idParamsSchema.extend({ eventId: idSchema }),
        // 200 is the PDF itself (a Buffer: Fastify sends it as it is).
        response: { 200: z.unknown(), ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const file = await receipts.receipt(ctxOf(request), request.params.id, request.params.eventId);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.pdf));
    },
  );

  /** Admin: the month-end's bookkeeping file (any period) as CSV or an Excel workbook. */
  app.get(
    '/payments/bookkeeping',
    {
      config: { access: 'admin' },
      schema: {
        querystring: bookkeepingQuerySchema,
        // 200 is the file itself (a Buffer: Fastify sends it as it is).
        response: { 200: z.unknown(), ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') },
      },
    },
    async (request, reply) => {
      const file = await bookkeeping.bookkeepingFile(ctxOf(request), request.query);
      return reply
        .type(file.contentType)
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  /** Admin: the reconciliation view, the period's money against Vipps' events per order (each difference an incident). */
  app.get(
    '/payments/reconciliation',
    {
      config: { access: 'admin' },
      schema: { querystring: reconciliationQuerySchema, response: { 200: reconciliationSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'PAYMENT_PROVIDER') } },
    },
    (request) => reconciliation.reconcile(ctxOf(request), request.query),
  );

  /** Admin: the reconciler settles what it can (records Vipps' events, finishes started refunds); the rest is left. */
  app.post(
    '/payments/reconciliation',
    {
      config: { access: 'admin' },
      schema: { body: reconciliationQuerySchema, response: { 200: reconciliationSchema, ...MODIFICATION_ERRORS } },
    },
    (request) => reconciliation.settleDifferences(ctxOf(request), request.body),
  );

  /** Admin: resolves a payment incident with a note: a refund, 'Betalt på annen måte' or 'Ta barnet av kurset'. */
  app.post(
    '/payments/incidents/:id/resolution',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: incidentResolutionInputSchema,
        response: { 200: paymentIncidentSchema, ...MODIFICATION_ERRORS },
      },
    },
    (request) => incidents.resolveIncident(ctxOf(request), request.params.id, request.body),
  );

  /** Admin: the answer to an 'etter avtale' request. */
  app.post(
    '/payments/:id/cancellation-decision',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: cancellationDecisionSchema, response: { 200: cancellationSchema, ...MODIFICATION_ERRORS } },
    },
    (request) => withdrawal.decideCancellation(ctxOf(request), request.params.id, request.body),
  );
};

export const ordersFeature: Feature = {
  name: 'orders',
  routes: [ordersRoutes],
  jobs: (ctx) => [
    {
      // Orders still waiting on Vipps: poll, capture, cancel expired holds (reconciler.ts).
      name: 'payments-reconcile',
      everyMs: 10_000,
      run: async () => {
        const result = await reconcilePayments(ctx);
        if (result.claimed) ctx.log.info({ job: 'payments-reconcile', ...result }, 'payments reconciled');
      },
    },
  ],
};
