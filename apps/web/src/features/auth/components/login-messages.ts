import { isApiError } from '@/lib/api-client';
import { errorMessage, messageForCode } from '@/lib/error-messages';

/** Spec §8 'Login return errors': Vipps' `error` parameter → the text shown on the login return page. */
export function loginErrorMessage(code: string): string {
  switch (code) {
    case 'access_denied':
      return 'Innlogging via Vipps ble avbrutt';
    case 'outdated_app_version':
      return 'Vipps-appen din er utdatert. Vennligst oppdater appen og prøv igjen.';
    case 'login_required':
      return 'Du må være logget inn i Vipps-appen. Vennligst logg inn i appen og prøv igjen.';
    case 'wrong_challenge':
      return 'Du svarte feil på sikkerhetsspørsmålet i Vipps-appen. Vennligst prøv igjen.';
    case 'invalid_app_callback_uri':
    case 'app_callback_uri_not_registered':
      return 'Det oppstod en feil. Vennligst kontakt oss via skjema på nettsiden';
    default:
      return 'Det oppstod en ukjent feil! Vennligst prøv å logge inn på nytt, og kontakt oss via skjema på nettsiden dersom feilen vedvarer.';
  }
}

/** A failed token exchange (GET /api/vipps/token) → what the user is told (through the one error table). */
export function tokenErrorMessage(error: unknown): string {
  if (!isApiError(error)) return loginErrorMessage('');
  // LOGIN_PROVIDER_ERROR carries Vipps' own `error` parameter (a Vipps code, not prose) as its message.
  if (error.code === 'LOGIN_PROVIDER_ERROR') return loginErrorMessage(error.message);
  return errorMessage(error, {
    fallback: error.status >= 500 ? messageForCode('LOGIN_PROVIDER_UNAVAILABLE') : loginErrorMessage(''),
    // The login page says more than the general texts for these.
    texts: {
      RATE_LIMITED: 'For mange innloggingsforsøk på kort tid. Vennligst vent litt og prøv igjen.',
      NETWORK: 'Vi fikk ikke kontakt med nettstedet. Sjekk nettforbindelsen og prøv å logge inn på nytt.',
    },
  });
}
