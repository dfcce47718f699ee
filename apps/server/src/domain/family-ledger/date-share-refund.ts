import type { Ore } from '@app/shared';
import type { ServiceContext } from '../../context';
import { applyAnswer, modificationKey, providerTrouble } from './modifications';
import { VippsApiError } from '../../integrations/vipps/epayment';
import { AppError } from '../../lib/app-error';
import type { OrderRow } from '../../repos/orders.repo';

/** A cancelled date's share back to Vipps: a partial refund, one Idempotency-Key per choice, stored as a REFUNDED event. */
export async function refundDateShare(ctx: ServiceContext, order: OrderRow, amountOre: Ore, choiceId: string): Promise<string> {
  const client = ctx.payments.client;
  if (!client) throw new AppError('PAYMENT_PROVIDER', 'Vipps is not configured');
  try {
    const answer = await client.refund(order.reference, amountOre, modificationKey('refund', order.id, `date-choice-${choiceId}`));
    await applyAnswer(ctx, order, 'REFUNDED', answer, amountOre);
    return answer.pspReference;
  } catch (error) {
    if (error instanceof VippsApiError && error.status === 400) throw new AppError('REFUND_TOO_LARGE', error.message);
    return providerTrouble(error);
  }
}
