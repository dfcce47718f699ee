import { paymentStatusLabel, paymentStatusTone } from '@shared/payment-status';
import { site } from '@/config/site';

const TONE_CLASS = {
  success: 'bg-success-bg text-success',
  warning: 'bg-warning-bg text-warning',
  error: 'bg-danger-bg text-danger',
  neutral: 'bg-sea-50 text-sea-900',
} as const;

/** Spec §4: the status label in its colour group (captured/refunded success; authorized/expired warning; the rest error). */
export function OrderStatusBadge({ status }: { status: string }) {
  const tone = paymentStatusTone(status);
  return (
    <span data-tone={tone} className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${TONE_CLASS[tone]}`}>
      {paymentStatusLabel(status, site.companyName)}
    </span>
  );
}
