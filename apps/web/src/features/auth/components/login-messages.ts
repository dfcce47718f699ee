import { isApiError } from '@/lib/api-client';

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

/** A failed token exchange (GET /api/vipps/token) → what the user is told. */
export function tokenErrorMessage(error: unknown): string {
  if (!isApiError(error)) return loginErrorMessage('');
  switch (error.code) {
    case 'LOGIN_STATE_INVALID':
      return 'Innloggingen er utløpt eller allerede fullført. Vennligst logg inn på nytt.';
    case 'LOGIN_BROWSER_MISMATCH':
      // A return link opened in another browser than the one that started the login (login CSRF guard).
      return 'Innloggingen ble startet i en annen nettleser. Vennligst logg inn på nytt her.';
    case 'LOGIN_FAILED':
      return 'Vi kunne ikke bekrefte innloggingen fra Vipps. Vennligst prøv å logge inn på nytt.';
    case 'LOGIN_PROVIDER_ERROR':
      return loginErrorMessage(error.message);
    case 'RATE_LIMITED':
      return 'For mange innloggingsforsøk på kort tid. Vennligst vent litt og prøv igjen.';
    case 'NETWORK':
      return 'Vi fikk ikke kontakt med nettstedet. Sjekk nettforbindelsen og prøv å logge inn på nytt.';
    default:
      return error.status >= 500
        ? 'Vipps svarer ikke akkurat nå, så vi fikk ikke logget deg inn. Vennligst prøv igjen om litt.'
        : loginErrorMessage('');
  }
}
