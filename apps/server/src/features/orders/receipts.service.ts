import { requireAccess } from '../../access/access';
import type { ServiceContext } from '../../context';
import { hasCreditReceipt, receiptOfCredit, receiptOfEvent } from '../../domain/family-ledger/emails';
import * as ledger from '../../repos/ledger.repo';
import { AppError } from '../../lib/app-error';
import * as repo from '../../repos/orders.repo';

/** The receipt of one capture or refund of an order (through Vipps or as credit), for its own family and its buyer (issues 40, 52). */
export async function receipt(ctx: ServiceContext, orderId: string, eventId: string): Promise<{ filename: string; pdf: Uint8Array }> {
  await requireAccess(ctx, 'order.receipt', orderId);
  const order = await repo.findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Receipt not found');
  const event = await repo.findOrderEvent(ctx.db, orderId, eventId);
  if (event) return receiptOfEvent(ctx, order, event);
  // A movement of family credit of the order (its payment by credit, credit given back).
  const entry = (await ledger.creditsOfOrders(ctx.db, [orderId])).find((c) => c.id === eventId && hasCreditReceipt(c, orderId));
  if (!entry) throw new AppError('NOT_FOUND', 'Receipt not found');
  return receiptOfCredit(ctx, order, entry);
}
