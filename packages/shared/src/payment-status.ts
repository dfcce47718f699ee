/**
 * Spec §4 payment status labels, shared by the server (status endpoint) and the web (confirmation page, admin
 * orders). Accepts the Vipps state (AUTHORIZED), an event name or the order status (authorized): case-insensitive.
 */
export function paymentStatusLabel(value: string | null | undefined, companyName: string): string {
  const key = (value ?? '').trim().toUpperCase();
  switch (key) {
    case 'CREATED':
      return 'Opprettet';
    case 'AUTHORIZED':
      return 'Godkjent av kunde';
    case 'TERMINATED':
    case 'CANCELLED':
      return `Avbrutt av ${companyName}`;
    case 'ABORTED':
      return 'Avbrutt av kunde';
    case 'EXPIRED':
      return 'Utløpt';
    case 'REFUNDED':
      return 'Refundert';
    case 'CAPTURED':
      return 'Betalt';
    default:
      return `Ukjent (${value ?? ''})`;
  }
}

/**
 * An order's status as its badge reads it (admin orders, /profil): a refund of part of the amount is 'Delvis
 * refundert', not 'Refundert' (walk-through 18). Amounts in øre, Vipps' captured and refunded sums.
 */
export function orderStatusLabel(order: { status: string; capturedAmount: number; refundedAmount: number }, companyName: string): string {
  const partly = order.status.toLowerCase() === 'refunded' && order.refundedAmount > 0 && order.refundedAmount < order.capturedAmount;
  return partly ? 'Delvis refundert' : paymentStatusLabel(order.status, companyName);
}

export type PaymentStatusTone = 'success' | 'warning' | 'error' | 'neutral';

/** Spec §4 colour groups: captured/refunded success; authorized/expired warning; cancelled/terminated/aborted error. */
export function paymentStatusTone(value: string | null | undefined): PaymentStatusTone {
  switch ((value ?? '').trim().toLowerCase()) {
    case 'captured':
    case 'refunded':
      return 'success';
    case 'authorized':
    case 'expired':
      return 'warning';
    case 'cancelled':
    case 'terminated':
    case 'aborted':
      return 'error';
    default:
      return 'neutral';
  }
}
