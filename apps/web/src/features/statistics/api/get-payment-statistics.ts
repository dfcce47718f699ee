import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PaymentStatistics } from '@shared/api/statistics';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

const paymentStatisticsKeys = {
  range: (start: string, end: string) => [PRIVATE_KEY, 'admin', 'statistics', 'payments', start, end] as const,
};

/** GET /api/statistics/payments (admin): paid orders per hour or day; disabled until a period is chosen ('Hent graf'). */
export const usePaymentStatistics = (range: { start: string; end: string } | null) =>
  useQuery({
    queryKey: paymentStatisticsKeys.range(range?.start ?? '', range?.end ?? ''),
    queryFn: ({ signal }) =>
      api<PaymentStatistics>('/statistics/payments', { query: { startDate: range?.start ?? '', endDate: range?.end ?? '' }, signal }),
    staleTime: 60_000,
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
