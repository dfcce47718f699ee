import type { ServiceContext } from '../../context';
import * as orders from '../../repos/orders.repo';
import { syncOrder } from '../../domain/family-ledger/payment-events';

export interface ReconcileOptions {
  /** Orders per run. */
  batch?: number;
  /** How long a claimed order stays with this worker while Vipps is called. */
  leaseMs?: number;
}

export interface ReconcileResult {
  claimed: number;
  failed: number;
}

/**
 * The background half of "payment state is decided by the server from Vipps": every order whose sync_after is due
 * is brought in line with Vipps (syncOrder). That covers a parent who closed the browser (created orders are polled
 * from 30 s on), a crash between commit and createPayment (no such payment after a minute: terminated), holds that
 * expired while Vipps still waits (cancelled there, terminated here), enrolled orders not yet captured, and money to
 * release on orders without a place. Safe on several instances: orders are claimed with FOR UPDATE SKIP LOCKED and a
 * lease, and every Vipps call carries an Idempotency-Key derived from the order id.
 */
export async function reconcilePayments(ctx: ServiceContext, options: ReconcileOptions = {}): Promise<ReconcileResult> {
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
