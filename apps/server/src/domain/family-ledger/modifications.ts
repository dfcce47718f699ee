import { createHash } from 'node:crypto';
import type { Ore } from '@app/shared';
import type { ServiceContext } from '../../context';
import { VippsError, type ModificationResponse } from '../../integrations/vipps/epayment';
import { AppError } from '../../lib/app-error';
import type { OrderRow } from '../../repos/orders.repo';
import { applyPaymentEvent } from './payment-events';

/** Refunds and cancellations on an existing Vipps order (ePayment "modifications"), keyed, answered and stored one way. */

/**
 * The Idempotency-Key (≤50 characters): the operation, the order, and a digest of the dialog's key. A repeated click
 * sends the same dialog key, so Vipps replays its first answer instead of refunding twice.
 */
export function modificationKey(operation: 'refund' | 'cancel' | 'parentRefund', orderId: string, dialogKey: string): string {
  const digest = createHash('sha256').update(dialogKey).digest('hex').slice(0, 16);
  const prefix = { refund: 'ar', cancel: 'ac', parentRefund: 'pr' }[operation];
  return `${prefix}-${orderId}-${digest}`;
}

export function providerTrouble(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof VippsError) throw new AppError('PAYMENT_PROVIDER', error.message);
  throw error;
}

/** Applies the modification's answer as its event (the webhook brings the same pspReference later: a no-op). */
export async function applyAnswer(
  ctx: ServiceContext,
  order: OrderRow,
  name: 'REFUNDED' | 'CANCELLED',
  answer: Pick<ModificationResponse, 'pspReference'>,
  amountOre: Ore,
): Promise<void> {
  await applyPaymentEvent(ctx, order, {
    name,
    pspReference: answer.pspReference,
    amount: { currency: 'NOK', value: amountOre },
    timestamp: ctx.clock.now().toISOString(),
    success: true,
  });
}
