const PAYMENT_STATUS_LABELS = new Map([
  ['CREATED', 'Opprettet'],
  ['AUTHORIZED', 'Godkjent av kunde'],
  ['ABORTED', 'Avbrutt av kunde'],
  ['EXPIRED', 'Utløpt'],
  ['REFUNDED', 'Refundert'],
  ['CAPTURED', 'Betalt'],
]);

/** Spec §4 label of a Vipps state, an event name or an order status, case-insensitive. */
export function paymentStatusLabel(value: string | null | undefined, companyName: string): string {
  const key = (value ?? '').trim().toUpperCase();
  if (key === 'TERMINATED' || key === 'CANCELLED') return `Avbrutt av ${companyName}`;
  return PAYMENT_STATUS_LABELS.get(key) ?? `Ukjent (${value ?? ''})`;
}

/** An order's badge: a partial refund (øre, Vipps' captured and refunded sums) reads 'Delvis refundert'. */
export function orderStatusLabel(order: { status: string; capturedAmount: number; refundedAmount: number }, companyName: string): string {
  const partly = order.status.toLowerCase() === 'refunded' && order.refundedAmount > 0 && order.refundedAmount < order.capturedAmount;
  return partly ? 'Delvis refundert' : paymentStatusLabel(order.status, companyName);
}

export type PaymentStatusTone = 'success' | 'warning' | 'error' | 'neutral';

const TONES = new Map<string, PaymentStatusTone>([
  ['captured', 'success'],
  ['refunded', 'success'],
  ['authorized', 'warning'],
  ['expired', 'warning'],
  ['cancelled', 'error'],
  ['terminated', 'error'],
  ['aborted', 'error'],
]);

/** Spec §4 colour groups of a status, case-insensitive. */
export const paymentStatusTone = (value: string | null | undefined): PaymentStatusTone =>
  TONES.get((value ?? '').trim().toLowerCase()) ?? 'neutral';
