import { useMutation } from '@tanstack/react-query';
import type { PaymentStartInput } from '@shared/api';
import { api, isApiError } from '@/lib/api-client';
import { errorMessage, messageForCode } from '@/lib/error-messages';
import { endSession } from '@/lib/session';

/** POST /api/vipps/payment {userId, childId, courseId} → {redirectUrl}: where the browser goes to pay. */
export const startPayment = (input: PaymentStartInput) =>
  api<{ redirectUrl: string }>('/vipps/payment', { method: 'POST', body: input });

export const useStartPayment = () => useMutation({ mutationFn: startPayment });

/** Spec §8 'Payment start' errors → the text in the booking modal (through the one error table). */
export function paymentStartErrorMessage(error: unknown): string {
  // Spec: a refused token is cleared (the api client has usually done so already).
  if (isApiError(error) && error.status === 401) endSession('expired');
  // Spec: every 401 here says the same, an expired session included.
  return errorMessage(error, { texts: { SESSION_EXPIRED: messageForCode('UNAUTHENTICATED') } });
}
