import type { OrderEventName, OrderStatus } from '@app/shared';

/**
 * The order's state machine, driven by Vipps events. Monotonic: a status only moves forward, so a duplicate, late or
 * out-of-order event is a no-op.
 *
 *   created ──► authorized ──► captured ──► refunded
 *      │            └──► cancelled
 *      └──► aborted | expired | terminated | cancelled (and straight to captured/refunded when events overtake)
 */
const FORWARD: Record<OrderStatus, readonly OrderStatus[]> = {
  created: ['authorized', 'captured', 'refunded', 'cancelled', 'aborted', 'expired', 'terminated'],
  authorized: ['captured', 'refunded', 'cancelled'],
  captured: ['refunded'],
  refunded: [],
  cancelled: [],
  aborted: [],
  expired: [],
  terminated: [],
};

export const STATUS_OF_EVENT: Record<OrderEventName, OrderStatus> = {
  CREATED: 'created',
  AUTHORIZED: 'authorized',
  CAPTURED: 'captured',
  REFUNDED: 'refunded',
  CANCELLED: 'cancelled',
  ABORTED: 'aborted',
  EXPIRED: 'expired',
  TERMINATED: 'terminated',
};

/** The status an event moves the order to, or null when it changes nothing (duplicate, older, or after the end). */
export function nextStatus(current: OrderStatus, event: OrderEventName): OrderStatus | null {
  const target = STATUS_OF_EVENT[event];
  return FORWARD[current].includes(target) ? target : null;
}

/** Ended without the customer paying: no place, no money should stay reserved. */
export const isDeadStatus = (status: OrderStatus): boolean =>
  status === 'aborted' || status === 'expired' || status === 'terminated';

export interface VippsAmounts {
  /** øre */
  authorized: number;
  captured: number;
  cancelled: number;
  refunded: number;
}

export type Settlement = { action: 'capture' | 'cancel' | 'refund'; amountOre: number } | null;

/**
 * What still has to be done at Vipps for an order, from its status and Vipps' aggregate:
 * - enrolled (authorized): capture what is reserved (capture at booking, decision 003);
 * - not enrolled (cancelled) or ended (aborted/expired/terminated) but money reserved: release it; captured money
 *   on such an order (a portal capture, or CAPTURED overtaking a full course) goes back by refund.
 * A 'created' order is handled by the caller (hold expiry), captured/refunded need nothing.
 */
export function settlementFor(status: OrderStatus, amounts: VippsAmounts): Settlement {
  const reserved = amounts.authorized - amounts.captured - amounts.cancelled;
  const capturedNet = amounts.captured - amounts.refunded;
  if (status === 'authorized') return reserved > 0 ? { action: 'capture', amountOre: reserved } : null;
  if (status === 'cancelled' || isDeadStatus(status)) {
    if (reserved > 0) return { action: 'cancel', amountOre: reserved };
    if (capturedNet > 0) return { action: 'refund', amountOre: capturedNet };
  }
  return null;
}
