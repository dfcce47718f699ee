import { formatAgeMonths, formatAgeRange } from '@shared/course-booking';
import type { ErrorCode, ErrorParams } from '@shared/errors';
import { isApiError } from './api-client';

type Message = string | ((params: ErrorParams) => string);

const num = (value: ErrorParams[string] | undefined): number | null => (typeof value === 'number' ? value : null);

function ageOutsideRange(params: ErrorParams): string {
  const age = num(params.childAgeMonths);
  const range = formatAgeRange({ ageMinMonths: num(params.ageMinMonths), ageMaxMonths: num(params.ageMaxMonths) });
  const who = age === null ? 'Barnet er utenfor kursets aldersgruppe ved kursstart.' : `Barnet er ${formatAgeMonths(age)} ved kursstart.`;
  if (!range) return who;
  return `${who} Kurset er for barn ${/^(fra|til) /.test(range) ? range : `på ${range}`}.`;
}

/**
 * Server error codes → the spec's Norwegian texts: the one table for the whole web app. Every code the server can
 * send has a text here (error-messages.test.ts walks the shared list), so English never reaches a parent.
 */
const MESSAGES: Record<ErrorCode, Message> = {
  VALIDATION: 'Noe er feil i det som ble sendt inn. Sjekk feltene og prøv igjen.',
  BAD_REQUEST: 'Noe gikk galt. Vennligst prøv igjen senere.',
  UNAUTHENTICATED: 'Du må være logget inn for å utføre denne handlingen',
  SESSION_EXPIRED: 'Din session har gått ut. Vennligst logg inn igjen.',
  FORBIDDEN: 'Du har ikke tilgang til å se denne siden',
  NOT_FOUND: 'Vi kan dessverre ikke finne siden du leter etter',
  CHILD_ALREADY_IN_COURSE: 'Barnet er allerede påmeldt dette kurset',
  CHILD_ON_COURSE: 'Kan ikke slette. Brukeren er registrert på kurs',
  ALREADY_INVITED: 'Denne e-postadressen er allerede invitert til denne profilen.',
  COURSE_FULL: 'Kurset er dessverre fullt.',
  COURSE_ENDED: 'Kurset er avsluttet og kan ikke bestilles.',
  LATE_BOOKING_CLOSED: 'Kurset har startet, og det er ikke lenger mulig å melde seg på.',
  CHILD_AGE_OUTSIDE_RANGE: ageOutsideRange,
  COURSE_NOT_PUBLISHED: 'Kurset er ikke åpent for påmelding.',
  CONFLICT: 'Noen andre endret dette samtidig. Last siden på nytt og prøv igjen.',
  RATE_LIMITED: 'Du har gjort dette mange ganger på kort tid. Prøv igjen om litt.',
  CONTACT_RATE_LIMITED: 'Du har sendt mange meldinger. Prøv igjen om litt.',
  BUSY: 'Det er mange som bestiller akkurat nå. Vennligst prøv igjen om litt.',
  PAYMENT_PROVIDER: 'Vipps svarer ikke akkurat nå. Vennligst prøv igjen om litt.',
  LOGIN_STATE_INVALID: 'Innloggingen er utløpt eller allerede fullført. Vennligst logg inn på nytt.',
  LOGIN_FAILED: 'Vi kunne ikke bekrefte innloggingen fra Vipps. Vennligst prøv å logge inn på nytt.',
  LOGIN_PROVIDER_ERROR: 'Innloggingen via Vipps ble ikke fullført. Vennligst prøv å logge inn på nytt.',
  LOGIN_PROVIDER_UNAVAILABLE: 'Vipps svarer ikke akkurat nå, så vi fikk ikke logget deg inn. Vennligst prøv igjen om litt.',
  INTERNAL: 'Ukjent feil. Vennligst prøv igjen senere.',
  LAST_GUARDIAN: 'Kan ikke fjerne den eneste foresatte fra en profil.',
  INVITE_NOT_PENDING: 'Invitasjonen er allerede besvart.',
};

/** The Norwegian text of a server error code, or undefined for a code the server does not send. */
export function messageForCode(code: string, params: ErrorParams = {}): string | undefined {
  const message = (MESSAGES as Record<string, Message | undefined>)[code];
  return typeof message === 'function' ? message(params) : message;
}

export function errorMessage(error: unknown, fallback = 'Noe gikk galt'): string {
  if (isApiError(error)) return messageForCode(error.code, error.params) ?? fallback;
  return fallback;
}
