import { stripBidi } from '@app/shared';
import type { VippsUserInfo } from '../../integrations/vipps/login';

/** Pure mapping from Vipps userinfo to the product's user fields (spec §3 User). */

/** MSISDN (country code first, digits only) or null. Eight digits are Norwegian; '+' and '00' prefixes are dropped. */
export function normalizeMsisdn(input: string | undefined | null): string | null {
  if (!input) return null;
  let s = input.trim().replace(/[\s\-.()]/g, '');
  if (s.startsWith('+')) s = s.slice(1);
  else if (s.startsWith('00')) s = s.slice(2);
  if (!/^\d+$/.test(s)) return null;
  if (s.length === 8) s = `47${s}`;
  return s.length >= 10 && s.length <= 15 ? s : null;
}

/** ADMIN_PHONE_NUMBERS: a comma list in any common notation ('+47 910 00 001', '91000001', '4791000001'). */
export function parseAdminPhones(list: string): Set<string> {
  return new Set(list.split(',').flatMap((s) => normalizeMsisdn(s) ?? []));
}

const nonEmpty = (s: string | undefined | null): string | null => s?.trim() || null;

export function userFieldsFrom(info: VippsUserInfo) {
  // No bidi characters in a stored name, whoever gave it (L5).
  let firstName = nonEmpty(stripBidi(info.given_name ?? ''));
  let lastName = nonEmpty(stripBidi(info.family_name ?? ''));
  const fullName = stripBidi(info.name ?? '').trim();
  if (!firstName && !lastName && fullName) {
    const parts = fullName.split(/\s+/);
    lastName = parts.length > 1 ? parts.pop()! : null;
    firstName = parts.join(' ');
  }
  const email = nonEmpty(info.email);
  return {
    firstName: firstName ?? '',
    lastName: lastName ?? '',
    birthdate: info.birthdate && /^\d{4}-\d{2}-\d{2}$/.test(info.birthdate) ? info.birthdate : null,
    email: email && email.includes('@') ? email : null,
    emailVerified: info.email_verified === true,
    phone: normalizeMsisdn(info.phone_number),
    // Vipps' street_address may be "street\nunit": kept multi-line, the first line is the street (spec §3).
    address: nonEmpty(info.address?.street_address),
    zipCode: nonEmpty(info.address?.postal_code),
    place: nonEmpty(info.address?.region),
  };
}

const norm = (s: string) => s.trim().toLocaleLowerCase('nb').split(/\s+/)[0] ?? '';

/** Linking sanity check (brief §1): the same first name or the same last name. */
export function namesMatch(a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }): boolean {
  const first = norm(a.firstName) !== '' && norm(a.firstName) === norm(b.firstName);
  const last = a.lastName.trim() !== '' && a.lastName.trim().toLocaleLowerCase('nb') === b.lastName.trim().toLocaleLowerCase('nb');
  return first || last;
}
