import { requireAccess } from '../../access/access';
import type { ServiceContext } from '../../context';
import { receiptOfEvent } from '../../orders/receipt';
import { AppError } from '../../plugins/errors';
import * as repo from '../../repos/orders.repo';

/** The receipt of one capture or refund of an order, for its own family (issue 40). */
export async function receipt(ctx: ServiceContext, orderId: string, eventId: string): Promise<{ filename: string; pdf: Uint8Array }> {
  await requireAccess(ctx, 'order.family', orderId);
  const order = await repo.findOrderById(ctx.db, orderId);
  const event = await repo.findOrderEvent(ctx.db, orderId, eventId);
  if (!order || !event) throw new AppError('NOT_FOUND', 'Receipt not found');
  return receiptOfEvent(ctx, order, event);
}
