import { isApiError } from './api-client';

/** Server error codes → the spec's Norwegian texts (one table for the whole web app). */
const MESSAGES: Record<string, string> = {
  UNAUTHENTICATED: 'Du må være logget inn for å utføre denne handlingen',
  SESSION_EXPIRED: 'Din session har gått ut. Vennligst logg inn igjen.',
  FORBIDDEN: 'Du har ikke tilgang til å se denne siden',
  NOT_FOUND: 'Vi kan dessverre ikke finne siden du leter etter',
  CHILD_ALREADY_IN_COURSE: 'Barnet er allerede påmeldt dette kurset',
  CHILD_ON_COURSE: 'Kan ikke slette. Brukeren er registrert på kurs',
  ALREADY_INVITED: 'Denne e-postadressen er allerede invitert til denne profilen.',
  LAST_GUARDIAN: 'Kan ikke fjerne den eneste foresatte fra en profil.',
};

export function errorMessage(error: unknown, fallback = 'Noe gikk galt'): string {
  if (isApiError(error)) return MESSAGES[error.code] ?? fallback;
  return fallback;
}
