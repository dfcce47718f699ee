import { useMutation } from '@tanstack/react-query';
import type { PaymentStartInput } from '@shared/api';
import { api, isApiError } from '@/lib/api-client';
import { messageForCode } from '@/lib/error-messages';
import { endSession } from '@/lib/session';

/** POST /api/vipps/payment {userId, childId, courseId} → {redirectUrl}: where the browser goes to pay. */
export const startPayment = (input: PaymentStartInput) =>
  api<{ redirectUrl: string }>('/vipps/payment', { method: 'POST', body: input });

export const useStartPayment = () => useMutation({ mutationFn: startPayment });

/**
 * Spec §8 'Payment start' errors → the text in the booking modal. Where the spec shows "the server message", the
 * code's Norwegian text from the one error table is shown instead: English never reaches a parent (issue 10).
 */
export function paymentStartErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0) {
    return 'Noe gikk galt, vennligst prøv igjen. Dersom feilen vedvarer, ta kontakt med oss.';
  }
  switch (error.status) {
    case 401:
      // Spec: a refused token is cleared (the api client has usually done so already).
      endSession('expired');
      return 'Du har ikke tilgang til dette. Er du logget inn?';
    case 403:
      return 'Du har ikke tilgang til dette. Er du logget inn?';
    case 404:
      return 'Noe gikk galt. Vennligst prøv igjen senere.';
    default:
      return (error.status < 500 || error.code === 'BUSY' || error.code === 'PAYMENT_PROVIDER'
        ? messageForCode(error.code, error.params)
        : undefined) ?? 'Ukjent feil. Vennligst prøv igjen senere.';
  }
}
