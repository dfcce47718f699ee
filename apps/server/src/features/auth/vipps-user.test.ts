import { describe, expect, it } from 'vitest';
import { namesMatch, normalizeMsisdn, parseAdminPhones, userFieldsFrom } from './vipps-user';

describe('normalizeMsisdn', () => {
  it.each([
    ['4791234567', '4791234567'],
    ['+47 912 34 567', '4791234567'],
    ['0047 91234567', '4791234567'],
    ['91234567', '4791234567'],
    ['4591234567', '4591234567'],
    ['1234', null],
    ['abc', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (input, expected) => expect(normalizeMsisdn(input)).toBe(expected));

  it('parses ADMIN_PHONE_NUMBERS in any notation', () => {
    expect([...parseAdminPhones(' +47 910 00 001,91000002 ,, 4791000003,junk')]).toEqual(['4791000001', '4791000002', '4791000003']);
  });
});

describe('userFieldsFrom', () => {
  it('maps Vipps userinfo to user fields', () => {
    expect(
      userFieldsFrom({
        sub: 's',
        given_name: 'Kari',
        family_name: 'Nordmann',
        email: 'kari@example.no',
        email_verified: true,
        phone_number: '4791234567',
        birthdate: '1990-01-02',
        address: { street_address: 'Gate 1\nH0101', postal_code: '0150', region: 'Oslo', country: 'NO' },
      }),
    ).toEqual({
      firstName: 'Kari',
      lastName: 'Nordmann',
      birthdate: '1990-01-02',
      email: 'kari@example.no',
      emailVerified: true,
      phone: '4791234567',
      address: 'Gate 1\nH0101',
      zipCode: '0150',
      place: 'Oslo',
    });
  });

  it('splits name when given/family are missing and treats empty address strings as missing', () => {
    const f = userFieldsFrom({ sub: 's', name: 'Ola Jakob Nordmann', address: { street_address: '', postal_code: '', region: '' } });
    expect(f).toMatchObject({ firstName: 'Ola Jakob', lastName: 'Nordmann', address: null, zipCode: null, place: null, email: null });
  });

  it('checks names for account linking', () => {
    expect(namesMatch({ firstName: 'Kari', lastName: 'X' }, { firstName: 'kari', lastName: 'Y' })).toBe(true);
    expect(namesMatch({ firstName: 'A', lastName: 'Hansen' }, { firstName: 'B', lastName: 'hansen' })).toBe(true);
    expect(namesMatch({ firstName: 'A', lastName: 'B' }, { firstName: 'C', lastName: 'D' })).toBe(false);
    expect(namesMatch({ firstName: '', lastName: '' }, { firstName: '', lastName: '' })).toBe(false);
  });
});
