import { describe, expect, it } from 'vitest';
import { careTexts, childCareInputSchema, toMsisdn } from './care';

describe('toMsisdn', () => {
  it.each([
    ['912 34 567', '4791234567'],
    ['+47 912 34 567', '4791234567'],
    ['0047 91234567', '4791234567'],
    ['+46 70 123 45 67', '46701234567'],
    ['(+47) 912-34-567', '4791234567'],
  ])('reads %s as %s', (typed, msisdn) => expect(toMsisdn(typed)).toBe(msisdn));

  it.each(['1234567', '12ab5678', '+47', '', '1234567890123456'])('refuses %j', (typed) => expect(toMsisdn(typed)).toBeNull());
});

describe('childCareInputSchema', () => {
  const valid = { emergencyName: 'Mormor', emergencyPhone: '91234567', healthNote: 'Astma', healthConsent: true, photoConsent: false };

  it('takes a note only with the consent, in Norwegian', () => {
    expect(childCareInputSchema.safeParse(valid).success).toBe(true);
    const refused = childCareInputSchema.safeParse({ ...valid, healthConsent: false });
    expect(refused.error?.issues.map((i) => i.message)).toEqual(['Kryss av for samtykke for å lagre helseopplysninger']);
    expect(childCareInputSchema.safeParse({ ...valid, healthNote: '', healthConsent: false }).success).toBe(true);
  });

  it('wants both name and phone of the emergency contact, or neither', () => {
    expect(childCareInputSchema.safeParse({ ...valid, emergencyPhone: '' }).error?.issues[0]?.path).toEqual(['emergencyPhone']);
    expect(childCareInputSchema.safeParse({ ...valid, emergencyName: '', emergencyPhone: '' }).success).toBe(true);
  });

  it('refuses a note over 500 characters', () => {
    expect(childCareInputSchema.safeParse({ ...valid, healthNote: 'x'.repeat(501) }).error?.issues[0]?.message).toBe('Helseopplysningene kan ha maks 500 tegn');
  });
});

describe('careTexts', () => {
  it('says the periods the settings give', () => {
    const texts = careTexts({ months: 18, healthNoteDays: 14, warningDays: 30 });
    expect(texts.healthNote).toContain('14 dager etter');
    expect(texts.emergencyContact).toContain('18 måneder etter');
    expect(texts.account).toContain('e-post 30 dager før');
  });
});
