import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shared/errors';
import { ApiError } from './api-client';
import { errorMessage, messageForCode } from './error-messages';

/** Norwegian signs: English error texts have none of these words. */
const ENGLISH = /\b(the|is|not|found|error|failed|course|child|please|too many)\b/i;

describe('the error table', () => {
  it.each(ERROR_CODES)('%s has a Norwegian text', (code) => {
    const text = messageForCode(code, { childAgeMonths: 38, ageMinMonths: 6, ageMaxMonths: 12 });
    expect(text, `${code} has no text in apps/web/src/lib/error-messages.ts`).toBeTruthy();
    expect(text).not.toMatch(ENGLISH);
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

  it('the contact limit says what happened', () => {
    expect(errorMessage(new ApiError(429, 'CONTACT_RATE_LIMITED', 'Too many requests'))).toBe(
      'Du har sendt mange meldinger. Prøv igjen om litt.',
    );
  });
});
