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
  COURSE_FULL: 'Kurset er fullt',
  COURSE_HAS_PARTICIPANTS: 'Kurset har påmeldte. Flytt eller fjern dem før kurset slettes.',
  PLACE_NAME_TAKEN: 'Det finnes allerede et kurssted med dette navnet',
  UNKNOWN_INSTRUCTOR: 'En av instruktørene finnes ikke',
  CHILD_NOT_IN_COURSE: 'Barnet er ikke påmeldt dette kurset',
  NOT_A_COURSE_DATE: 'Datoen hører ikke til kurset',
  VALIDATION: 'Noen av feltene er ikke gyldige',
  LAST_GUARDIAN: 'Kan ikke fjerne den eneste foresatte fra en profil.',
};

export function errorMessage(error: unknown, fallback = 'Noe gikk galt'): string {
  if (isApiError(error)) return MESSAGES[error.code] ?? fallback;
  return fallback;
}
