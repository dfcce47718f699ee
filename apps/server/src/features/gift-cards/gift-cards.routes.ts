import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  giftCardPurchaseInputSchema,
  giftCardPurchaseResponseSchema,
  giftCardRedeemInputSchema,
  giftCardRedeemResponseSchema,
  giftCardStatusInputSchema,
  giftCardStatusSchema,
  idParamsSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import { rateLimit } from '../../plugins/rate-limit';
import * as service from './gift-cards.service';

const MINUTE_MS = 60_000;
/** Redemptions per user per 15 minutes: a guesser gets few tries at a 12-character code. */
const REDEEM_LIMIT = 10;
/** The code travels in these answers: never cached, never passed on as a referrer. */
const secretHeaders = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

/** Gift cards (decision 059): bought by anyone (no session needed), redeemed by a family's guardian. */
export const giftCardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/gift-cards',
    {
      schema: {
        body: giftCardPurchaseInputSchema,
        response: { 200: giftCardPurchaseResponseSchema, ...errorResponses('VALIDATION', 'RATE_LIMITED', 'PAYMENT_PROVIDER', 'BUSY') },
      },
      preHandler: rateLimit({ name: 'gift-card-ip', max: () => app.env.PAYMENT_START_IP_RATE_LIMIT, windowMs: MINUTE_MS }),
    },
    async (request, reply) => reply.headers(secretHeaders).send(await service.purchaseGiftCard(ctxOf(request), request.body)),
  );
  app.post(
    '/gift-cards/status',
    { schema: { body: giftCardStatusInputSchema, response: { 200: giftCardStatusSchema, ...errorResponses('VALIDATION', 'NOT_FOUND') } } },
    async (request, reply) => reply.headers(secretHeaders).send(await service.giftCardStatus(ctxOf(request), request.body.reference, request.body.code)),
  );
  app.post(
    '/profiles/:id/gift-cards',
    {
      config: { access: 'user' },
      schema: {
        params: idParamsSchema,
        body: giftCardRedeemInputSchema,
        response: { 200: giftCardRedeemResponseSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'NOT_FOUND', 'RATE_LIMITED', 'GIFT_CARD_USED', 'GIFT_CARD_INVALID') },
      },
      preHandler: rateLimit({ name: 'gift-card-redeem', max: REDEEM_LIMIT, windowMs: 15 * MINUTE_MS, keyOf: (request) => request.user?.id ?? request.ip }),
    },
    (request) => service.redeemGiftCard(ctxOf(request), request.params.id, request.body.code),
  );
};

export const giftCardsFeature: Feature = {
  name: 'gift-cards',
  routes: [giftCardsRoutes],
  // A card whose payment ended unpaid keeps no code (only paid cards' codes were ever sent).
  jobs: (ctx) => [{ name: 'gift-card-codes', everyMs: 10 * MINUTE_MS, run: () => service.forgetUnpaidCodes(ctx).then(() => undefined) }],
};
