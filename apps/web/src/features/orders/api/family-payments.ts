import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cancellation, CancellationPreview, FamilyPayment, Reconciliation } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/profiles/{id}/payments: the family's paid orders, each with its cancellation (issue 40). */
export const getFamilyPayments = (profileId: string, signal?: AbortSignal) =>
  api<FamilyPayment[]>(`/profiles/${encodeURIComponent(profileId)}/payments`, { signal });

export const familyPaymentsKeys = { of: (profileId: string) => [...queryRoots.family, 'payments', profileId] as const };

export const familyPaymentsQueryOptions = (profileId: string) =>
  queryOptions({ queryKey: familyPaymentsKeys.of(profileId), queryFn: ({ signal }) => getFamilyPayments(profileId, signal) });

export const useFamilyPayments = (profileId: string) => useQuery(familyPaymentsQueryOptions(profileId));

/** GET /api/orders/{id}/cancellation: what the parent gets back now, and why. */
export const getCancellationPreview = (orderId: string) => api<CancellationPreview>(`/orders/${encodeURIComponent(orderId)}/cancellation`);

/** POST /api/orders/{id}/cancellation: confirms with the amount the preview showed (409 when it changed). */
export function useCancelPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, expectedRefund }: { orderId: string; expectedRefund: number | null }) =>
      api<Cancellation>(`/orders/${encodeURIComponent(orderId)}/cancellation`, { method: 'POST', body: { expectedRefund } }),
    // The child leaves the course: the family's courses and these payments change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.family }),
  });
}

/** GET /api/orders/{id}/receipts/{eventId}: the receipt (kvittering) of one capture or refund, as a PDF. */
export const getReceipt = (orderId: string, eventId: string) =>
  api<Blob>(`/orders/${encodeURIComponent(orderId)}/receipts/${encodeURIComponent(eventId)}`, { responseType: 'blob' });

/** GET /api/payments/bookkeeping (admin): the period's bookkeeping file, CSV or an Excel workbook. */
export const getBookkeepingFile = (query: { from: string; to: string; format: 'csv' | 'xlsx' }) =>
  api<Blob>('/payments/bookkeeping', { query, responseType: 'blob' });

/** GET /api/payments/reconciliation (admin): the period's money against Vipps' events; each difference an incident. */
export const getReconciliation = (query: { from: string; to: string }) => api<Reconciliation>('/payments/reconciliation', { query });

/** POST /api/payments/reconciliation (admin): settles what can be settled, answers with what is left. */
export const settleReconciliation = (period: { from: string; to: string }) => api<Reconciliation>('/payments/reconciliation', { method: 'POST', body: period });
