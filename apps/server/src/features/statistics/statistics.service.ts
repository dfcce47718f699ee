import { bucketFor, type PaymentStatistics } from '@app/shared';
import type { ServiceContext } from '../../context';
import * as orders from '../../repos/orders.repo';

/** Spec §7 GET /statistics/payments: paid orders in [start, end) per hour, or per UTC day over 7 days (spec §9), in SQL. */
export async function paymentStatistics(ctx: ServiceContext, start: Date, end: Date): Promise<PaymentStatistics> {
  const span = await orders.paidOrderSpan(ctx.db, start, end);
  if (!span.first || !span.last) return { bucket: 'hour', total: 0, buckets: [] };
  const bucket = bucketFor(span.first, span.last);
  const buckets = await orders.paidOrderBuckets(ctx.db, start, end, bucket);
  return { bucket, total: span.total, buckets };
}
