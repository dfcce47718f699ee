import { formatGiftCardCode, krToOre, ore, oreToKr, type GiftCardPurchaseResponse, type GiftCardRedeemResponse, type GiftCardStatus } from '@app/shared';
import { requireAccess } from '../../access/access';
import { withTx, type ServiceContext } from '../../context';
import { hashGiftCardCode, newGiftCardCode } from '../../domain/family-ledger/gift-cards';
import { POLL_MS, createVippsPayment, syncedForStatus } from '../../domain/family-ledger/payment-events';
import { AppError } from '../../lib/app-error';
import { safeEqual } from '../../lib/safe-equal';
import * as content from '../../repos/content.repo';
import * as giftCards from '../../repos/gift-cards.repo';
import * as ledger from '../../repos/ledger.repo';
import * as orders from '../../repos/orders.repo';

/** Gift cards (decision 059): bought by anyone on /gavekort, shown once on the buyer's return page, redeemed on /profil. */

export interface GiftCardPurchase {
  amount: number;
  email: string;
  giverName: string;
  message: string;
}

/** POST /gift-cards: the card's order and the card (its code's hash), then the payment at Vipps, as a course order's. */
export async function purchaseGiftCard(ctx: ServiceContext, input: GiftCardPurchase): Promise<GiftCardPurchaseResponse> {
  const code = newGiftCardCode();
  const id = orders.newOrderId();
  const amountOre = krToOre(input.amount);
  const order = await withTx(ctx, async (ctx) => {
    const row = await orders.insertOrder(
      ctx.db,
      {
        id,
        reference: orders.orderReference(id),
        humanReference: orders.humanReference(),
        status: 'created',
        amountOre,
        creditOre: ore(0),
        additionalInfo: { ...orders.orderAdditionalInfo({}), giftCard: { email: input.email } },
        // Buying accepts the terms (the gift card's validity and withdrawal rules are in them).
        termsVersion: content.currentTermsVersionSql(),
      },
      ctx.payments.options.holdMinutes * 60_000,
      POLL_MS,
    );
    await giftCards.insertGiftCard(ctx.db, { orderId: id, amountOre, giverName: input.giverName, message: input.message, codeHash: hashGiftCardCode(code), pendingCode: code });
    return row;
  });
  const redirectUrl = await createVippsPayment(ctx, { order, created: true }, `/gavekort/betaling/${order.reference}`);
  return { redirectUrl, reference: order.reference, code: formatGiftCardCode(code) };
}

/** POST /gift-cards/status: the return page asks with the code its browser kept; anyone else gets 404. */
export async function giftCardStatus(ctx: ServiceContext, reference: string, code: string): Promise<GiftCardStatus> {
  const found = await giftCards.findGiftCardByReference(ctx.db, reference);
  if (!found || !safeEqual(found.card.codeHash, hashGiftCardCode(code))) throw new AppError('NOT_FOUND', 'Gift card not found');
  const order = await syncedForStatus(ctx, found.order);
  const card = (await giftCards.findGiftCardByReference(ctx.db, reference))!.card;
  const status = card.issuedAt ? 'paid' : order.status === 'created' ? 'pending' : 'failed';
  return { status, amount: oreToKr(card.amountOre), expiresAt: card.expiresAt?.toISOString() ?? null };
}

/**
 * POST /profiles/:id/gift-cards: the card's value becomes the family's credit, expiring with the card. Once: the card
 * row is locked, and a second redemption answers GIFT_CARD_USED.
 */
export async function redeemGiftCard(ctx: ServiceContext, profileId: string, code: string): Promise<GiftCardRedeemResponse> {
  await requireAccess(ctx, 'profile.credit.redeem', profileId);
  return withTx(ctx, async (ctx) => {
    const now = ctx.clock.now();
    const card = await giftCards.lockGiftCardByCodeHash(ctx.db, hashGiftCardCode(code));
    const order = card ? await orders.findOrderById(ctx.db, card.orderId) : undefined;
    if (card?.redeemedAt) throw new AppError('GIFT_CARD_USED', 'The gift card was redeemed already');
    const paid = order?.status === 'authorized' || order?.status === 'captured';
    if (!card || !order || !paid || !card.expiresAt || card.expiresAt <= now) throw new AppError('GIFT_CARD_INVALID', 'No valid gift card with that code');
    await giftCards.markRedeemed(ctx.db, card.id, profileId, now);
    await ledger.insertCredit(ctx.db, { profileId, amountOre: card.amountOre, reason: `Gavekort ${order.humanReference}`, orderId: order.id, expiresAt: card.expiresAt, createdAt: now });
    ctx.log.info({ profileId, orderId: order.id }, 'gift card redeemed');
    return { amount: oreToKr(card.amountOre), expiresAt: card.expiresAt.toISOString() };
  });
}

/** The job: codes of cards whose payment ended unpaid are forgotten (decision 059). */
export const forgetUnpaidCodes = (ctx: ServiceContext): Promise<number> => giftCards.forgetUnpaidCodes(ctx.db);
