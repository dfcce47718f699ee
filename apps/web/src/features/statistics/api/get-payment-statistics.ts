import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentStatistics } from '@shared/api/statistics';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

/** GET /api/statistics/payments (admin): paid orders per hour or day between two instants. */
export const getPaymentStatistics = (range: { start: string; end: string }, signal?: AbortSignal) =>
  api<PaymentStatistics>('/statistics/payments', { query: { startDate: range.start, endDate: range.end }, signal });

export const paymentStatisticsKeys = {
  all: [PRIVATE_KEY, 'admin', 'statistics', 'payments'] as const,
  range: (range: { start: string; end: string }) => [...paymentStatisticsKeys.all, range.start, range.end] as const,
};

export const paymentStatisticsQueryOptions = (range: { start: string; end: string }) =>
  queryOptions({ queryKey: paymentStatisticsKeys.range(range), queryFn: ({ signal }) => getPaymentStatistics(range, signal), staleTime: 60_000 });

/** Disabled until a period is chosen ('Hent graf'). */
export const usePaymentStatistics = (range: { start: string; end: string } | null) =>
  useQuery({ ...paymentStatisticsQueryOptions(range ?? { start: '', end: '' }), enabled: range !== null, placeholderData: keepPreviousData });
