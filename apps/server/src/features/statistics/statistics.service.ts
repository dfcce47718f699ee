import { bucketFor, type PaymentStatistics } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import * as ordersRepo from '../booking/booking.repo';

/**
 * Spec §7 GET /statistics/payments: paid orders (captured, refunded) in [start, end), counted in SQL per hour, or per
 * whole UTC day when the first and last of them are more than 7 days apart (spec §9). Two index reads; no order
 * leaves the database.
 */
export async function paymentStatistics(db: DbOrTx, start: Date, end: Date): Promise<PaymentStatistics> {
  const span = await ordersRepo.paidOrderSpan(db, start, end);
  if (!span.first || !span.last) return { bucket: 'hour', total: 0, buckets: [] };
  const bucket = bucketFor(span.first, span.last);
  const buckets = await ordersRepo.paidOrderBuckets(db, start, end, bucket);
  return { bucket, total: span.total, buckets };
}
