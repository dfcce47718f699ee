import { MAX_CHILDREN_PER_PROFILE, MAX_PHOTO_ASPECT, MAX_PHOTO_BYTES, MAX_PHOTO_SIDE, MAX_PHOTOS_PER_PLACE } from '@shared/constants';
import { formatAgeMonths, formatAgeRange } from '@shared/course-booking';
import { countOf, formatDate, formatDateRange, formatDateTime, openingLabel, paymentPauseLabel } from '@shared/format';
import { ERROR_STATUS, type ErrorCode, type ErrorParams } from '@shared/errors';

/** Codes the web client makes up itself: no answer at all, or an answer without a known code. */
export const CLIENT_ERROR_CODES = ['NETWORK', 'UNKNOWN'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
/** What `ApiError.code` can be: a server code from packages/shared/src/errors.ts or a client-only one. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export const isServerErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code);

/** A text, or a text built from the values the error carries (`error.params`). */
type Message = string | ((params: ErrorParams) => string);

const num = (value: ErrorParams[string] | undefined): number | null => (typeof value === 'number' ? value : null);

/** COURSE_NEEDS_CONFIRMATION: each warning that applies, with its numbers (decision 031). */
function courseWarnings(params: ErrorParams): string {
  const participants = num(params.participants);
  const maximum = num(params.maximumParticipants);
  const lines: string[] = [];
  if (participants !== null && maximum !== null) {
    lines.push(`Kurset har ${participants} påmeldte barn, men maks antall deltakere er satt til ${maximum}.`);
  }
  if (typeof params.lastDate === 'string') {
    lines.push(`Alle datoene til kurset er passert (siste ${formatDate(params.lastDate)}), men kurset er publisert.`);
  }
  return lines.length ? lines.join(' ') : 'Sjekk innstillingene for kurset før du lagrer.';
}

function ageOutsideRange(params: ErrorParams): string {
  const age = num(params.childAgeMonths);
  const range = formatAgeRange({ ageMinMonths: num(params.ageMinMonths), ageMaxMonths: num(params.ageMaxMonths) });
  const who = age === null ? 'Barnet er utenfor kursets aldersgruppe ved kursstart.' : `Barnet er ${formatAgeMonths(age)} ved kursstart.`;
  if (!range) return who;
  return `${who} Kurset er for barn ${/^(fra|til) /.test(range) ? range : `på ${range}`}.`;
}

/** Every error code → the Norwegian text the user sees (spec §8); a new shared code fails the type check here. */
export const ERROR_MESSAGES: Record<ApiErrorCode, Message> = {
  VALIDATION: 'Noe av det som ble sendt inn er ikke gyldig. Sjekk feltene og prøv igjen.',
  BAD_REQUEST: 'Ukjent feil. Vennligst prøv igjen senere.',
  CHILD_ALREADY_IN_COURSE: 'Barnet er allerede påmeldt dette kurset',
  CHILD_ON_COURSE: 'Kan ikke slette. Brukeren er registrert på kurs',
  UNAUTHENTICATED: 'Du har ikke tilgang til dette. Er du logget inn?',
  SESSION_EXPIRED: 'Din session har gått ut. Vennligst logg inn igjen.',
  FORBIDDEN: 'Du har ikke tilgang til dette. Er du logget inn?',
  NOT_FOUND: 'Noe gikk galt. Vennligst prøv igjen senere.',
  COURSE_FULL: 'Kurset er dessverre fullt.',
  BIRTHDATE_LOCKED: 'Barnet er påmeldt et kurs eller står på venteliste. Kontakt oss for å endre fødselsdatoen.',
  HOLD_COOLDOWN: (params) =>
    typeof params.pausedUntil === 'string'
      ? `Flere påbegynte betalinger har gått ut på tid. ${paymentPauseLabel(params.pausedUntil)}.`
      : 'Flere påbegynte betalinger har gått ut på tid. Vent en stund før du bestiller igjen.',
  WAITLIST_FAMILY_LIMIT: 'Familien har allerede så mange barn på ventelisten til dette kurset som det er lov å ha.',
  COURSE_ENDED: 'Kurset er avsluttet og kan ikke bestilles.',
  LATE_BOOKING_CLOSED: 'Kurset har startet, og det er ikke lenger mulig å melde seg på.',
  CHILD_AGE_OUTSIDE_RANGE: ageOutsideRange,
  COURSE_NOT_PUBLISHED: 'Kurset er ikke åpent for påmelding.',
  CONFLICT: 'Ukjent feil. Vennligst prøv igjen senere.',
  OWN_ADMIN_ROLE: 'Du kan ikke fjerne administratorrollen fra deg selv. Be en annen administrator om å gjøre det.',
  ALREADY_INVITED: 'Denne e-postadressen er allerede invitert til denne profilen.',
  TOO_MANY_CHILDREN: `En profil kan ha høyst ${MAX_CHILDREN_PER_PROFILE} barn. Ta kontakt med oss hvis dere trenger å registrere flere.`,
  COURSE_HAS_PARTICIPANTS: 'Kurset har påmeldte. Flytt eller fjern dem før kurset slettes.',
  COURSE_NEEDS_CONFIRMATION: courseWarnings,
  IMAGE_INVALID: 'Filen er ikke et bilde vi kan bruke. Last opp et bilde i JPEG, PNG eller WebP.',
  IMAGE_HEIC: 'HEIC-bilder støttes ikke. Send bildet som JPEG (iPhone gjør det selv når du deler bildet).',
  IMAGE_TOO_LARGE: `Bildet er for stort. Største tillatte størrelse er ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`,
  IMAGE_SHAPE: `Bildet har en form vi ikke kan bruke. Hver side kan være høyst ${MAX_PHOTO_SIDE.toLocaleString("nb-NO")} piksler, og den lange siden høyst ${MAX_PHOTO_ASPECT} ganger den korte.`,
  TOO_MANY_PHOTOS: `Et kurssted kan ha høyst ${MAX_PHOTOS_PER_PLACE} bilder. Slett et bilde før du laster opp et nytt.`,
  PLACE_NAME_TAKEN: 'Navnet er allerede brukt av et annet kurssted.',
  PLACE_NAME_WAS_USED: 'Navnet var adressen til et annet kurssted før det fikk nytt navn, og den gamle adressen leder dit. Velg et annet navn.',
  PRIORITY_WINDOW: (params) =>
    typeof params.opensAt === 'string'
      ? `Kurset er først åpent for barn som har gått forrige kurs. Åpner for alle ${formatDate(params.opensAt)}.`
      : 'Kurset er først åpent for barn som har gått forrige kurs.',
  BOOKING_NOT_OPEN: (params) =>
    typeof params.opensAt === 'string' ? `${openingLabel(params.opensAt)}.` : 'Påmeldingen har ikke åpnet ennå.',
  QUEUE_REQUIRED: 'Påmeldingen har åpnet, og det er kø. Still deg i køen for å bestille.',
  COURSE_NOT_FULL: 'Kurset har ledige plasser. Du kan bestille plass direkte.',
  WAITLIST_CLOSED: 'Ventelisten for dette kurset er stengt.',
  ALREADY_ON_WAITLIST: 'Barnet står allerede på ventelisten for dette kurset.',
  WAITLIST_ENTRY_NOT_OPEN: 'Plassen på ventelisten er ikke lenger aktiv. Last siden på nytt.',
  UNKNOWN_INSTRUCTOR: 'En av instruktørene finnes ikke',
  CHILD_NOT_IN_COURSE: 'Barnet er ikke påmeldt dette kurset',
  NOT_A_COURSE_DATE: 'Datoen hører ikke til kurset',
  DATE_NOT_YET: 'Oppmøte kan ikke føres for en dato som ikke har kommet',
  LEVEL_IN_USE: 'Nivået eller ferdigheten er i bruk og kan ikke slettes. Du kan ta den ut av bruk i stedet.',
  LEVEL_NAME_TAKEN: 'Det finnes allerede et nivå med det navnet.',
  SKILL_NOT_OF_LEVEL: 'Ferdigheten hører ikke til kursets nivå.',
  SKILL_RETIRED: 'Ferdigheten er tatt ut av bruk og kan ikke markeres.',
  MARK_IN_FUTURE: 'Markeringen har et tidspunkt fram i tid. Sjekk klokken på telefonen.',
  RECOMMENDATION_INVALID: 'Anbefalt neste kurs må være samme nivå eller neste nivå.',
  NO_CERTIFICATE: 'Kursbeviset er ikke tilgjengelig for dette kurset.',
  LAST_GUARDIAN: 'Kan ikke fjerne den eneste foresatte fra en profil.',
  INVITE_NOT_PENDING: 'Invitasjonen er allerede besvart eller slettet.',
  INVITE_EXPIRED: 'Invitasjonen har gått ut. Be den som inviterte deg om å sende en ny.',
  RATE_LIMITED: 'For mange forsøk på kort tid. Vennligst vent litt og prøv igjen.',
  CONTACT_RATE_LIMITED: 'Du har sendt mange meldinger. Prøv igjen om litt.',
  GIFT_CARD_USED: 'Gavekortet er allerede brukt.',
  GIFT_CARD_INVALID: 'Vi finner ikke et gyldig gavekort med den koden. Sjekk koden, og om gavekortet har utløpt.',
  ROLLOVER_REPLY_BY_INVALID: (params) =>
    typeof params.opensAt === 'string'
      ? `Svarfristen må være før prioritetsvinduet for neste kurs åpner (${formatDateTime(params.opensAt)}).`
      : 'Svarfristen må være frem i tid.',
  ROLLOVER_COURSE_INVALID: 'Et av kursene passer ikke: velg et kurs som slutter før sesongen, og et neste kurs i sesongen.',
  ROLLOVER_OFFER_CLOSED: 'Tilbudet om å beholde plassen er allerede besvart eller har gått ut.',
  DISCOUNT_CODE_UNKNOWN: 'Ukjent rabattkode. Sjekk at du har skrevet den riktig.',
  DISCOUNT_CODE_EXPIRED: 'Rabattkoden er utløpt.',
  DISCOUNT_CODE_NOT_YET_VALID: 'Rabattkoden gjelder ikke ennå.',
  DISCOUNT_CODE_USED_UP: 'Rabattkoden er brukt opp.',
  DISCOUNT_CODE_NOT_FOR_COURSE: 'Rabattkoden gjelder ikke dette kurset.',
  DISCOUNT_CODE_TAKEN: 'Det er allerede en rabattkode med den teksten.',
  DISCOUNT_CODE_IN_USE: 'Rabattkoden er brukt og kan ikke slettes. Avslutt den i stedet.',
  BUSY: 'Det er mange som bestiller akkurat nå. Vennligst prøv igjen om litt.',
  DATABASE_UNAVAILABLE: 'Nettstedet har et kort avbrudd, og ingenting ble lagret. Vennligst prøv igjen om litt.',
  // Vipps slow or down (issue 42): the place stays held for the minutes the server says, and the parent hears so at once.
  PAYMENT_PROVIDER: (params) => {
    const minutes = num(params.heldMinutes);
    if (minutes === null) return 'Vipps svarer ikke akkurat nå. Vennligst prøv igjen om litt.';
    return `Vipps svarer ikke akkurat nå. Plassen er holdt av for deg i ${countOf(minutes, 'minutt', 'minutter')} – prøv igjen om litt.`;
  },
  LOGIN_STATE_INVALID: 'Innloggingen er utløpt eller allerede fullført. Vennligst logg inn på nytt.',
  LOGIN_BROWSER_MISMATCH: 'Innloggingen ble startet i en annen nettleser. Vennligst logg inn på nytt her.',
  LOGIN_FAILED: 'Vi kunne ikke bekrefte innloggingen fra Vipps. Vennligst prøv å logge inn på nytt.',
  LOGIN_PROVIDER_ERROR:
    'Det oppstod en ukjent feil! Vennligst prøv å logge inn på nytt, og kontakt oss via skjema på nettsiden dersom feilen vedvarer.',
  LOGIN_PROVIDER_UNAVAILABLE: 'Vipps svarer ikke akkurat nå, så vi fikk ikke logget deg inn. Vennligst prøv igjen om litt.',
  INTERNAL: 'Ukjent feil. Vennligst prøv igjen senere.',
  NETWORK: 'Noe gikk galt, vennligst prøv igjen. Dersom feilen vedvarer, ta kontakt med oss.',
  UNKNOWN: 'Ukjent feil. Vennligst prøv igjen senere.',
  REFUND_TOO_LARGE: 'Beløpet er større enn det som kan refunderes.',
  ORDER_NOT_REFUNDABLE: 'Ordren kan ikke refunderes.',
  ORDER_NOT_CANCELLABLE: 'Ordren kan ikke kanselleres.',
  INCIDENT_RESOLVED: 'Hendelsen er allerede løst.',
  CLOSURE_ANNOUNCED: 'Familiene har allerede fått e-post om avlysningen, så den kan ikke angres.',
  SEASON_OVERLAP: (params) =>
    typeof params.name === 'string'
      ? `Sesongen overlapper med «${params.name}» (${formatDateRange(params.startsOn ?? '', params.endsOn ?? '')}). En dag kan bare høre til én sesong.`
      : 'Sesongen overlapper med en annen sesong. En dag kan bare høre til én sesong.',
  CHOICE_CLOSED: 'Plassen er meldt av, så dette valget er lukket. Det dere har fått tilbake, står under betalinger på profilen.',
  ABSENCES_OFF: 'Fravær og erstatningstimer er slått av for dette kurset.',
  ABSENCE_DATE_PASSED: 'Timen har allerede vært. Fravær kan bare meldes for kommende timer.',
  ALREADY_ABSENT: 'Barnet er allerede meldt fravær denne dagen.',
  ABSENCE_UNDO_TOO_LATE: 'Timen har begynt, så fraværet kan ikke angres.',
  ABSENCE_PLACE_TAKEN: 'Plassen denne dagen er gitt til et annet barn, så fraværet kan ikke angres.',
  TOKEN_SPENT: 'Erstatningstimen er allerede brukt. Avbestill erstatningstimen først.',
  TOKEN_NOT_USABLE: 'Erstatningstimen kan ikke brukes: den er brukt, trukket tilbake eller utløpt.',
  MAKEUP_NOT_FITTING: 'Denne timen passer ikke for erstatningstimen. Velg en av timene som vises.',
  MAKEUP_DATE_FULL: 'Det er ingen ledig plass denne dagen. Velg en annen time.',
  MAKEUP_CANCEL_TOO_LATE: 'Fristen for å avbestille erstatningstimen har gått ut.',
};

/** Codes whose text only says "that did not work": a call's own failure text (spec §8) is shown instead. */
const GENERIC_CODES = new Set<ApiErrorCode>(
  ['VALIDATION', 'BAD_REQUEST', 'UNAUTHENTICATED', 'SESSION_EXPIRED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'INTERNAL', 'NETWORK', 'UNKNOWN'],
);

export interface ErrorMessageOptions {
  /** The call's own failure text (spec §8 'Kunne ikke …'), shown for the generic codes. */
  fallback?: string;
  /** Texts the spec gives for a code in one place only (the login return says more about RATE_LIMITED). */
  texts?: Partial<Record<ApiErrorCode, string>>;
}

interface HasCode {
  code: ApiErrorCode;
  params?: ErrorParams;
}
const hasCode = (error: unknown): error is HasCode =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' &&
  Object.hasOwn(ERROR_MESSAGES, (error as { code: string }).code);

/** The Norwegian text for any error a call threw, by code: never the server's (English) message. */
export function errorMessage(error: unknown, options: string | ErrorMessageOptions = {}): string {
  const { fallback, texts } = typeof options === 'string' ? { fallback: options, texts: undefined } : options;
  // Anything thrown without a code never got an answer from the server (spec §8: 'any exception').
  const code: ApiErrorCode = hasCode(error) ? error.code : 'NETWORK';
  const own = texts?.[code];
  if (own) return own;
  if (fallback && GENERIC_CODES.has(code)) return fallback;
  return messageForCode(code, hasCode(error) ? error.params : undefined);
}

/** The Norwegian text of a code, built with the values its error carries. */
export function messageForCode(code: ApiErrorCode, params: ErrorParams = {}): string {
  const message = ERROR_MESSAGES[code];
  return typeof message === 'function' ? message(params) : message;
}
