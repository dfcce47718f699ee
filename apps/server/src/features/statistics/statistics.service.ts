import { bucketFor, type PaymentStatistics } from '@app/shared';
import type { ServiceContext } from '../../context';
import * as orders from '../../repos/orders.repo';

/**
 * Spec §7 GET /statistics/payments: paid orders (captured, refunded) in [start, end), counted in SQL per hour, or per
 * whole UTC day when the first and last of them are more than 7 days apart (spec §9). Two index reads; no order
 * leaves the database.
 */
export async function paymentStatistics(ctx: ServiceContext, start: Date, end: Date): Promise<PaymentStatistics> {
  const span = await orders.paidOrderSpan(ctx.db, start, end);
  if (!span.first || !span.last) return { bucket: 'hour', total: 0, buckets: [] };
  const bucket = bucketFor(span.first, span.last);
  const buckets = await orders.paidOrderBuckets(ctx.db, start, end, bucket);
  return { bucket, total: span.total, buckets };
}
