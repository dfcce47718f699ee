import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Cancellation, CancellationDecision, CancellationPreview, FamilyPayment, Reconciliation } from '@shared/api';
import type { AdminOrder, CancelInput, IncidentResolutionInput, OrdersPage, PaymentIncident, RefundInput } from '@shared/api/orders';
import type { OrderStatus } from '@shared/constants';
import { api } from '@/lib/api-client';
import { queryRoots, useRefreshingMutation } from '@/lib/query-keys';
import { PRIVATE_KEY } from '@/lib/current-user';

const familyPaymentsKeys = { of: (profileId: string) => [...queryRoots.family, 'payments', profileId] as const };

/** GET /api/profiles/{id}/payments: the family's paid orders, each with its cancellation. */
export const useFamilyPayments = (profileId: string) =>
  useQuery({
    queryKey: familyPaymentsKeys.of(profileId),
    queryFn: ({ signal }) => api<FamilyPayment[]>(`/profiles/${encodeURIComponent(profileId)}/payments`, { signal }),
  });

/** GET /api/orders/{id}/cancellation: what the parent gets back now, and why. */
export const getCancellationPreview = (orderId: string) => api<CancellationPreview>(`/orders/${encodeURIComponent(orderId)}/cancellation`);

/** POST /api/orders/{id}/cancellation: confirms with the amount the preview showed (409 when it changed). */
export const useCancelPlace = () =>
  useRefreshingMutation(
    ({ orderId, expectedRefund }: { orderId: string; expectedRefund: number | null }) =>
      api<Cancellation>(`/orders/${encodeURIComponent(orderId)}/cancellation`, { method: 'POST', body: { expectedRefund } }),
    // The child leaves the course: the family's courses and these payments change.
    [queryRoots.family],
    'settled',
  );

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

export interface OrdersFilter {
  limit: number;
  page?: number;
  status?: OrderStatus | '';
  /** YYYY-MM-DD, Oslo days, both included. */
  from?: string;
  to?: string;
  /** A reference, or a name of the buyer or a guardian. */
  q?: string;
  /** Only orders with an open payment incident. */
  incident?: 'open';
}

const ordersKeys = { all: [PRIVATE_KEY, 'admin', 'orders'] as const, list: (filter: OrdersFilter) => [...ordersKeys.all, filter] as const };

/** GET /api/payments (admin): newest first, paged and filtered. */
export const useOrders = (filter: OrdersFilter) =>
  useQuery({
    queryKey: ordersKeys.list(filter),
    queryFn: ({ signal }) => {
      const { limit, page, status, from, to, q, incident } = filter;
      return api<OrdersPage>('/payments', { query: { limit, page, status, from, to, q, incident }, signal });
    },
    placeholderData: keepPreviousData,
  });

/** An admin's action on an order: the order lists are fetched again, whether it went through or not. */
const useOrderAction = <T, V>(call: (variables: V) => Promise<T>) => useRefreshingMutation(call, [ordersKeys.all], 'settled');

/** POST /api/payments/{id}/refund (admin): through Vipps; the dialog's idempotency key makes a repeated click harmless. */
export const useRefundOrder = () =>
  useOrderAction(({ orderId, input }: { orderId: string; input: RefundInput }) =>
    api<AdminOrder>(`/payments/${encodeURIComponent(orderId)}/refund`, { method: 'POST', body: input }),
  );

/** POST /api/payments/{id}/cancel (admin): releases an authorised reservation at Vipps. */
export const useCancelOrder = () =>
  useOrderAction(({ orderId, input }: { orderId: string; input: CancelInput }) =>
    api<AdminOrder>(`/payments/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', body: input }),
  );

/** POST /api/payments/{id}/cancellation-decision (admin): approves ('etter avtale', with an amount) or declines. */
export const useDecideCancellation = () =>
  useOrderAction(({ orderId, decision }: { orderId: string; decision: CancellationDecision }) =>
    api<Cancellation>(`/payments/${encodeURIComponent(orderId)}/cancellation-decision`, { method: 'POST', body: decision }),
  );

/** POST /api/payments/incidents/{id}/resolution (admin, issue 52): a refund, 'Betalt på annen måte' or 'Ta barnet av kurset'. */
export const useResolveIncident = () =>
  useOrderAction(({ incidentId, input }: { incidentId: string; input: IncidentResolutionInput }) =>
    api<PaymentIncident>(`/payments/incidents/${encodeURIComponent(incidentId)}/resolution`, { method: 'POST', body: input }),
  );
