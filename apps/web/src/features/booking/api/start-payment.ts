import { useMutation } from '@tanstack/react-query';
import type { PaymentStartInput } from '@shared/api';
import { api, isApiError } from '@/lib/api-client';
import { endSession } from '@/lib/session';

/** POST /api/vipps/payment {userId, childId, courseId} → {redirectUrl}: where the browser goes to pay. */
export const startPayment = (input: PaymentStartInput) =>
  api<{ redirectUrl: string }>('/vipps/payment', { method: 'POST', body: input });

export const useStartPayment = () => useMutation({ mutationFn: startPayment });

/** Spec §8 'Payment start' errors → the text in the booking modal. */
export function paymentStartErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0) {
    return 'Noe gikk galt, vennligst prøv igjen. Dersom feilen vedvarer, ta kontakt med oss.';
  }
  switch (error.status) {
    case 400:
      return error.code === 'CHILD_ALREADY_IN_COURSE' || error.message === 'Child is already in course'
        ? 'Barnet er allerede påmeldt dette kurset'
        : error.message;
    case 401:
      // Spec: a refused token is cleared (the api client has usually done so already).
      endSession('expired');
      return 'Du har ikke tilgang til dette. Er du logget inn?';
    case 403:
      return 'Du har ikke tilgang til dette. Er du logget inn?';
    case 404:
      return 'Noe gikk galt. Vennligst prøv igjen senere.';
    case 409:
      if (error.code === 'COURSE_FULL') return 'Kurset er dessverre fullt.';
      return 'Ukjent feil. Vennligst prøv igjen senere.';
    default:
      return 'Ukjent feil. Vennligst prøv igjen senere.';
  }
}
