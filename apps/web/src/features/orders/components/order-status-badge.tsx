import { orderStatusLabel, paymentStatusTone } from '@shared/payment-status';
import { site } from '@/config/site';

const TONE_CLASS = {
  success: 'bg-success-bg text-success',
  warning: 'bg-warning-bg text-warning',
  error: 'bg-danger-bg text-danger',
  neutral: 'bg-sea-50 text-sea-900',
} as const;

/** Spec §4: the status label in its colour group; a partial refund reads 'Delvis refundert'. */
export function OrderStatusBadge({ status, capturedAmount = 0, refundedAmount = 0 }: { status: string; capturedAmount?: number; refundedAmount?: number }) {
  const tone = paymentStatusTone(status);
  return (
    <span data-tone={tone} className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${TONE_CLASS[tone]}`}>
      {orderStatusLabel({ status, capturedAmount, refundedAmount }, site.companyName)}
    </span>
  );
}
