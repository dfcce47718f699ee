import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaymentStatus } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const POLL_INTERVAL_MS = 2_000;
export const POLL_LIMIT_MS = 60_000;

/** GET /api/vipps/payment/:paymentId: the order's outcome as the server decided it from Vipps. */
export const getPaymentStatus = (paymentId: string, signal?: AbortSignal, background = false) =>
  api<PaymentStatus>(`/vipps/payment/${encodeURIComponent(paymentId)}`, { signal, background });

export const paymentStatusKeys = { byId: (paymentId: string) => [...queryRoots.private, 'payment', paymentId] as const };

export const paymentStatusQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: paymentStatusKeys.byId(paymentId),
    // The polls after the first answer are background requests (no activity of the parent's).
    queryFn: ({ signal, client, queryKey }) => getPaymentStatus(paymentId, signal, client.getQueryData(queryKey) !== undefined),
    staleTime: 0,
  });

/**
 * The payment status, polled every 2 s while the payment waits for the customer (CREATED), for up to 60 s from
 * `since`; `restart` polls for another minute.
 */
export function usePaymentStatus(paymentId: string) {
  const [since, setSince] = useState(() => Date.now());
  const query = useQuery({
    ...paymentStatusQueryOptions(paymentId),
    refetchInterval: (q) => (q.state.data?.state === 'CREATED' && Date.now() - since < POLL_LIMIT_MS ? POLL_INTERVAL_MS : false),
  });
  const waiting = query.data?.state === 'CREATED';
  const gaveUp = waiting && !query.isFetching && Date.now() - since >= POLL_LIMIT_MS;
  const restart = () => {
    setSince(Date.now());
    void query.refetch();
  };
  return { ...query, waiting, gaveUp, restart };
}
