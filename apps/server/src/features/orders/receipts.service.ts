import { requireAccess } from '../../access/access';
import type { ServiceContext } from '../../context';
import { receiptOfEvent } from '../../orders/receipt';
import { AppError } from '../../plugins/errors';
import * as repo from '../../repos/orders.repo';

/** The receipt of one capture or refund of an order, for its own family and its buyer (issues 40, 52). */
export async function receipt(ctx: ServiceContext, orderId: string, eventId: string): Promise<{ filename: string; pdf: Uint8Array }> {
  await requireAccess(ctx, 'order.receipt', orderId);
  const order = await repo.findOrderById(ctx.db, orderId);
  const event = await repo.findOrderEvent(ctx.db, orderId, eventId);
  if (!order || !event) throw new AppError('NOT_FOUND', 'Receipt not found');
  return receiptOfEvent(ctx, order, event);
}
