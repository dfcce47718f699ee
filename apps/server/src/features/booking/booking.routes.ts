import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  paymentIdParamsSchema,
  paymentStartBodySchema,
  paymentStartInputSchema,
  paymentStartQuerySchema,
  paymentStartResponseSchema,
  paymentStatusSchema,
  priceRulesAnswerSchema,
  webhookAckSchema,
} from '@app/shared';
import { verifyWebhook, webhookEventSchema } from '../../integrations/vipps/epayment';
import { ctxOf } from '../../context';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../plugins/errors';
import { rateLimit } from '../../plugins/rate-limit';
import * as service from './booking.service';
import { DISCOUNT_CODE_GUESSES, DISCOUNT_CODE_REFUSALS } from '../../domain/family-ledger/discount-codes';
import { paymentStatus, receiveWebhookEvent } from '../../domain/family-ledger/payment-events';

const MINUTE_MS = 60_000;
const WEBHOOK_BODY_LIMIT = 64 * 1024;
const guesses = rateLimit({ ...DISCOUNT_CODE_GUESSES, keyOf: (request) => request.user?.id ?? request.ip });

/** Orders and payments (spec §7 `/{provider}/payment`), under /api: POST /vipps/payment, GET /vipps/payment/:id, webhooks. */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/vipps/payment',
    {
      // sessionUser: the caller's user row comes with the session check (one query less per start).
      config: { access: 'user', sessionUser: true },
      schema: {
        querystring: paymentStartQuerySchema,
        body: paymentStartBodySchema,
        response: {
          200: paymentStartResponseSchema,
          ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'COURSE_FULL', 'RATE_LIMITED', 'PAYMENT_PROVIDER', 'BUSY', ...DISCOUNT_CODE_REFUSALS),
        },
      },
      preHandler: [
        // Per user, then per IP: one statement for both (rate-limit.ts).
        rateLimit([
          {
            name: 'payment-start-user',
            max: () => app.env.PAYMENT_START_RATE_LIMIT,
            windowMs: MINUTE_MS,
            keyOf: (request) => request.user?.id ?? request.ip,
          },
          { name: 'payment-start-ip', max: () => app.env.PAYMENT_START_IP_RATE_LIMIT, windowMs: MINUTE_MS },
        ]),
        // A code sent with the start counts against the guessing limit, as the dialog's check does (decision 058).
        async function codeGuesses(request, reply) {
          if (request.body.discountCode) await guesses.call(this, request, reply);
        },
      ],
    },
    (request) => service.startPayment(ctxOf(request), request.body, request.sessionUser),
  );

  app.get(
    '/vipps/price',
    {
      config: { access: 'user' },
      schema: {
        querystring: paymentStartInputSchema,
        response: { 200: priceRulesAnswerSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    (request) => service.bookingPriceRules(ctxOf(request), request.query),
  );

  app.get(
    '/vipps/payment/:paymentId',
    {
      config: { access: 'user' },
      schema: {
        params: paymentIdParamsSchema,
        querystring: paymentStartQuerySchema,
        response: { 200: paymentStatusSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    (request) => paymentStatus(ctxOf(request), request.params.paymentId),
  );

  // Vipps webhooks: the signature covers the raw body, so this scope keeps it as bytes (no JSON parser).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post(
      '/vipps/webhooks',
      { schema: { response: { 200: webhookAckSchema, ...errorResponses('BAD_REQUEST', 'UNAUTHENTICATED', 'RATE_LIMITED', 'BUSY') } } },
      async (request, reply) => {
        // Forged deliveries are counted per IP in memory: past the limit they are refused before any work.
        const failures = app.payments.webhookFailures;
        if (failures.blocked(request.ip)) {
          reply.header('retry-after', failures.retryAfterSeconds(request.ip));
          throw new AppError('RATE_LIMITED', 'Too many invalid webhook signatures, try again later');
        }
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const registered = new URL(app.payments.webhookUrl);
        const check = (secret: string | null) =>
          !!secret &&
          verifyWebhook({
            secret,
            method: request.method,
            // Vipps signs the registered URL's path and host (the public ones, also behind a proxy).
            pathAndQuery: `${registered.pathname}${registered.search}`,
            host: registered.host,
            headers: request.headers,
            rawBody,
          });
        const secret = await app.payments.webhookSecret();
        // Another instance may have re-registered (new secret) since this one read it: read again, throttled.
        let valid = check(secret);
        if (!valid) {
          const fresh = await app.payments.refreshWebhookSecret();
          valid = fresh !== undefined && fresh !== secret && check(fresh);
        }
        if (!valid) {
          failures.hit(request.ip);
          throw new AppError('UNAUTHENTICATED', 'Invalid webhook signature');
        }

        let json: unknown;
        try {
          json = JSON.parse(rawBody.toString('utf8'));
        } catch {
          json = undefined;
        }
        const event = webhookEventSchema.safeParse(json);
        if (!event.success) {
          // Signed by Vipps but not an event this product knows: accept it, or Vipps blocks that payment's queue.
          request.log.warn({ issues: event.error.issues }, 'unrecognised Vipps webhook body ignored');
          return { ok: true as const };
        }
        await receiveWebhookEvent(ctxOf(request), event.data);
        return { ok: true as const };
      },
    );
  });
};

export const bookingFeature: Feature = { name: 'booking', routes: [bookingRoutes] };
