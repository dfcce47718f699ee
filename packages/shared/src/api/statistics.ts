/** The back office's payment statistics (spec §7 GET /statistics/payments). Admin only. */
import { z } from '../zod';
import { isoDateTime } from './common';

const MAX_STATISTICS_SPAN_MS = 400 * 24 * 3_600_000;

export const statisticsQuerySchema = z
  .object({ startDate: isoDateTime, endDate: isoDateTime })
  .refine((q) => Date.parse(q.endDate) > Date.parse(q.startDate), { message: 'Sluttdato må være etter startdato', path: ['endDate'] })
  .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= MAX_STATISTICS_SPAN_MS, {
    message: 'Perioden kan være høyst 400 dager',
    path: ['endDate'],
  });

/** Paid orders (captured, refunded) per bucket: hours, or whole UTC days when they span more than 7 days. */
export const paymentStatisticsSchema = z.object({
  bucket: z.enum(['hour', 'day']),
  total: z.number().int(),
  buckets: z.array(z.object({ t: isoDateTime, count: z.number().int() })),
});
export type PaymentStatistics = z.infer<typeof paymentStatisticsSchema>;
