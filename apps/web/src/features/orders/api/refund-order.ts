import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, CancelInput, IncidentResolutionInput, PaymentIncident, RefundInput } from '@shared/api/orders';
import type { Cancellation, CancellationDecision } from '@shared/api';
import { api } from '@/lib/api-client';
import { ordersKeys } from './get-orders';

/** POST /api/payments/{id}/refund (admin): through Vipps; the dialog's idempotency key makes a repeated click harmless. */
export const refundOrder = (orderId: string, input: RefundInput) =>
  api<AdminOrder>(`/payments/${encodeURIComponent(orderId)}/refund`, { method: 'POST', body: input });

/** POST /api/payments/{id}/cancel (admin): releases an authorised reservation at Vipps. */
export const cancelOrder = (orderId: string, input: CancelInput) =>
  api<AdminOrder>(`/payments/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', body: input });

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: RefundInput }) => refundOrder(orderId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: CancelInput }) => cancelOrder(orderId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}

/** POST /api/payments/{id}/cancellation-decision (admin): approves ('etter avtale', with an amount) or declines. */
export function useDecideCancellation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, decision }: { orderId: string; decision: CancellationDecision }) =>
      api<Cancellation>(`/payments/${encodeURIComponent(orderId)}/cancellation-decision`, { method: 'POST', body: decision }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}

/** POST /api/payments/incidents/{id}/resolution (admin, issue 52): a refund, 'Betalt på annen måte' or 'Ta barnet av kurset'. */
export function useResolveIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ incidentId, input }: { incidentId: string; input: IncidentResolutionInput }) =>
      api<PaymentIncident>(`/payments/incidents/${encodeURIComponent(incidentId)}/resolution`, { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}
