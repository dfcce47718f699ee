import { createHash } from 'node:crypto';
import { displayPhone, type DemoPerson } from '@app/shared';

/** What the simulator knows about a person who logs in: the userinfo claims, in Vipps' shapes. */
export interface SimPerson {
  sub: string;
  /** MSISDN: digits only, country code first (e.g. 4791234567). */
  phoneNumber: string;
  givenName: string;
  familyName: string;
  email: string;
  emailVerified: boolean;
  birthdate: string;
  address: { street_address: string; postal_code: string; region: string; country: string };
}

export const fromDemoPerson = (p: DemoPerson): SimPerson => ({
  sub: p.sub,
  phoneNumber: p.phoneNumber,
  givenName: p.givenName,
  familyName: p.familyName,
  email: p.email,
  emailVerified: true,
  birthdate: p.birthdate,
  address: { ...p.address },
});

/** A typed phone number as MSISDN ('912 34 567', '+47 …', '0047…'; eight digits are Norwegian), or null. */
export function normalizePhone(input: string): string | null {
  let digits = input.trim().replace(/[\s\-.()]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 8) digits = `47${digits}`;
  return digits.length >= 10 && digits.length <= 15 ? digits : null;
}

/** `sub` is stable per person (Vipps: per sales unit), so a typed person gets the same one every time. */
function subForPhone(msisdn: string): string {
  const h = createHash('sha256').update(`vipps-sim:${msisdn}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const emailPart = (s: string) =>
  s
    .toLowerCase()
    .replaceAll('æ', 'ae')
    .replaceAll('ø', 'o')
    .replaceAll('å', 'aa')
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');

/** A person typed on the login page (a demo number is the demo person); `emailVerified` as ticked (decision 032). */
export function typedPerson(msisdn: string, givenName: string, familyName: string, persons: DemoPerson[], emailVerified = false): SimPerson {
  const demo = persons.find((p) => p.phoneNumber === msisdn);
  if (demo) return fromDemoPerson(demo);
  const local = [emailPart(givenName), emailPart(familyName)].filter(Boolean).join('.') || `bruker${msisdn.slice(-4)}`;
  return {
    sub: subForPhone(msisdn),
    phoneNumber: msisdn,
    givenName,
    familyName,
    email: `${local}@example.no`,
    // A made-up address is not a verified one unless the tester says so; the product must not link accounts by it.
    emailVerified,
    birthdate: '1990-01-01',
    address: { street_address: 'Testveien 1', postal_code: '0150', region: 'Oslo', country: 'NO' },
  };
}

/** `+47 910 00 001` for the page. */
export const formatPhone = (msisdn: string): string => (/^47\d{8}$/.test(msisdn) ? `+47 ${displayPhone(msisdn)}` : `+${msisdn}`);
