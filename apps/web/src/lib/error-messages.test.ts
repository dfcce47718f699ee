import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '@shared/errors';
import { ApiError } from './api-client';
import { CLIENT_ERROR_CODES, ERROR_MESSAGES, errorMessage, messageForCode } from './error-messages';

// Letters only Norwegian has, or words every Norwegian text here uses: an English fallback has none of them.
const looksNorwegian = (text: string) => /[æøå]|\b(ikke|Vennligst|feil|Noe|du|er|til)\b/i.test(text);

describe('the one error table', () => {
  const serverCodes = Object.keys(ERROR_STATUS) as ErrorCode[];

  it.each(serverCodes)('has a Norwegian text for the server code %s', (code) => {
    const text = code in ERROR_MESSAGES ? messageForCode(code, { childAgeMonths: 38, ageMinMonths: 6, ageMaxMonths: 12 }) : undefined;
    expect(text, `packages/shared/src/errors.ts has ${code}, apps/web/src/lib/error-messages.ts has no text for it`).toBeTruthy();
    expect(looksNorwegian(text!), `${code}: '${text}' does not read as Norwegian`).toBe(true);
  });

  it('has a text for every client-only code, and nothing that is not a code', () => {
    for (const code of CLIENT_ERROR_CODES) expect(looksNorwegian(messageForCode(code))).toBe(true);
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...serverCodes, ...CLIENT_ERROR_CODES].sort());
  });

  it('Vipps not answering: says how long the place is held when the server says so (issue 42)', () => {
    expect(messageForCode('PAYMENT_PROVIDER', { heldMinutes: 14 })).toBe('Vipps svarer ikke akkurat nå. Plassen er holdt av for deg i 14 minutter – prøv igjen om litt.');
    expect(messageForCode('PAYMENT_PROVIDER', { heldMinutes: 1 })).toBe('Vipps svarer ikke akkurat nå. Plassen er holdt av for deg i 1 minutt – prøv igjen om litt.');
    expect(messageForCode('PAYMENT_PROVIDER')).toBe('Vipps svarer ikke akkurat nå. Vennligst prøv igjen om litt.');
  });

  it('chooses by code, never by the server message', () => {
    const english = new ApiError(400, 'CHILD_ALREADY_IN_COURSE', 'Something else entirely');
    expect(errorMessage(english)).toBe('Barnet er allerede påmeldt dette kurset');
    const sameMessageOtherCode = new ApiError(400, 'VALIDATION', 'Child is already in course');
    expect(errorMessage(sameMessageOtherCode)).not.toBe('Barnet er allerede påmeldt dette kurset');
  });

  it("gives the call's own failure text for generic codes, and the code's text for specific ones", () => {
    const fallback = 'Kunne ikke legge til barnet';
    expect(errorMessage(new ApiError(500, 'INTERNAL', 'boom'), fallback)).toBe(fallback);
    expect(errorMessage(new ApiError(0, 'NETWORK', 'Network error'), fallback)).toBe(fallback);
    expect(errorMessage(new ApiError(409, 'COURSE_FULL', 'full'), fallback)).toBe('Kurset er dessverre fullt.');
    expect(errorMessage(new ApiError(409, 'ALREADY_INVITED', 'x'), { fallback, texts: { ALREADY_INVITED: 'Egen tekst' } })).toBe('Egen tekst');
  });

  it('treats anything thrown without a code as no answer (spec §8: any exception)', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(messageForCode('NETWORK'));
    expect(errorMessage({ code: 'NOT_A_CODE' })).toBe(messageForCode('NETWORK'));
  });

  it("names the child's age and the course's range", () => {
    const error = new ApiError(409, 'CHILD_AGE_OUTSIDE_RANGE', 'The child is outside the course age range', {
      childAgeMonths: 38,
      ageMinMonths: 6,
      ageMaxMonths: 12,
    });
    expect(errorMessage(error)).toBe('Barnet er 3 år og 2 mnd ved kursstart. Kurset er for barn på 6–12 mnd.');
    expect(messageForCode('CHILD_AGE_OUTSIDE_RANGE', { childAgeMonths: 4, ageMinMonths: 6, ageMaxMonths: null })).toBe(
      'Barnet er 4 mnd ved kursstart. Kurset er for barn fra 6 mnd.',
    );
  });

  it('a course that needs confirming names each warning with its numbers (decision 031)', () => {
    expect(messageForCode('COURSE_NEEDS_CONFIRMATION', { participants: 6, maximumParticipants: 4, lastDate: null })).toBe(
      'Kurset har 6 påmeldte barn, men maks antall deltakere er satt til 4.',
    );
    expect(messageForCode('COURSE_NEEDS_CONFIRMATION', { participants: 6, maximumParticipants: 4, lastDate: '2025-03-10T09:00:00.000Z' })).toBe(
      'Kurset har 6 påmeldte barn, men maks antall deltakere er satt til 4. Alle datoene til kurset er passert (siste 10.03.2025), men kurset er publisert.',
    );
  });

  it('the contact limit says what happened, even where the call has its own failure text', () => {
    const limited = new ApiError(429, 'CONTACT_RATE_LIMITED', 'Too many requests');
    expect(errorMessage(limited, 'Kunne ikke sende melding')).toBe('Du har sendt mange meldinger. Prøv igjen om litt.');
  });
});
