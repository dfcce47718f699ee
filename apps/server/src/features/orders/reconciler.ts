import type { ServiceContext } from '../../context';
import * as orders from '../../repos/orders.repo';
import { syncOrder } from '../../domain/family-ledger/payment-events';

/**
 * The background half of "payment state is decided by the server from Vipps": every order whose sync_after is due is
 * brought in line (syncOrder): closed browsers, crashes before createPayment, expired holds, captures, money to release.
 * Safe on several instances: claims use FOR UPDATE SKIP LOCKED and a lease; Vipps calls carry order-derived keys.
 * `batch`: orders per run; `leaseMs`: how long a claimed order stays with this worker.
 */
export async function reconcilePayments(ctx: ServiceContext, options: { batch?: number; leaseMs?: number } = {}) {
  if (!ctx.payments.client) return { claimed: 0, failed: 0 };
  const claimed = await orders.claimOrdersToSync(ctx.db, options.batch ?? 20, options.leaseMs ?? 30_000);
  let failed = 0;
  for (const order of claimed) {
    try {
      await syncOrder(ctx, order.id);
    } catch (err) {
      failed += 1;
      ctx.log.warn({ err, orderId: order.id }, 'payment reconciliation failed; retried after the lease');
    }
  }
  ctx.payments.lastReconcile = { at: new Date(), claimed: claimed.length, failed };
  return { claimed: claimed.length, failed };
}
