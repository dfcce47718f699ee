import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DiscountCodeCheck, PaymentStartBody, PaymentStartInput, PaymentStatus, PriceRulesAnswer } from '@shared/api';
import { api, isApiError } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { errorMessage, messageForCode } from '@/lib/error-messages';
import { endSession } from '@/lib/session';

const POLL_INTERVAL_MS = 2_000;
const POLL_LIMIT_MS = 60_000;

const paymentStatusKeys = { byId: (paymentId: string) => [...queryRoots.private, 'payment', paymentId] as const };
const priceRulesKeys = { of: (input: PaymentStartInput | null) => [...queryRoots.private, 'price-rules', input?.userId, input?.childId, input?.courseId] as const };

/** GET /api/vipps/payment/:paymentId, polled every 2 s while CREATED for up to 60 s from `since`; `restart` polls again. */
export function usePaymentStatus(paymentId: string) {
  const [since, setSince] = useState(() => Date.now());
  const query = useQuery({
    queryKey: paymentStatusKeys.byId(paymentId),
    // The polls after the first answer are background requests (no activity of the parent's).
    queryFn: ({ signal, client, queryKey }) => {
      const background = client.getQueryData(queryKey) !== undefined;
      return api<PaymentStatus>(`/vipps/payment/${encodeURIComponent(paymentId)}`, { signal, background });
    },
    staleTime: 0,
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

/** GET /api/vipps/price: the discounts a payment start for this child would take now (decision 058); off without a child. */
export const usePriceRules = (input: PaymentStartInput | null) =>
  useQuery({
    queryKey: priceRulesKeys.of(input),
    queryFn: ({ signal }) => api<PriceRulesAnswer>(`/vipps/price?${new URLSearchParams(input!).toString()}`, { signal }),
    enabled: !!input,
    staleTime: 0,
  });

/**
 * GET /api/discount-codes/check: the code's rule for this booking, or the error saying why not (decision 058). Each
 * check counts against the guessing limit, so the dialog asks only for a whole code once typing stops, and once.
 */
export const useDiscountCodeCheck = (input: (PaymentStartInput & { code: string }) | null) =>
  useQuery({
    queryKey: [...queryRoots.private, 'discount-code', input?.userId, input?.childId, input?.courseId, input?.code] as const,
    queryFn: ({ signal }) => api<DiscountCodeCheck>(`/discount-codes/check?${new URLSearchParams(input!).toString()}`, { signal }),
    enabled: !!input,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** POST /api/vipps/payment {userId, childId, courseId, discountCode?} → {redirectUrl}: where the browser goes to pay. */
export const useStartPayment = () =>
  useMutation({ mutationFn: (input: PaymentStartBody) => api<{ redirectUrl: string }>('/vipps/payment', { method: 'POST', body: input }) });

/** Spec §8 'Payment start' errors → the text in the booking modal (through the one error table). */
export function paymentStartErrorMessage(error: unknown): string {
  // Spec: a refused token is cleared (the api client has usually done so already).
  if (isApiError(error) && error.status === 401) endSession('expired');
  // Spec: every 401 here says the same, an expired session included.
  return errorMessage(error, { texts: { SESSION_EXPIRED: messageForCode('UNAUTHENTICATED') } });
}
