import { formatDate, listOf, stripBidi } from '@app/shared';
import type { OutgoingEmail } from '../../integrations/email';
import { secretLink } from '../../lib/secret-link';

/** The invite e-mail (a secret link: lib/secret-link.ts). `childNames` is empty unless the address is a verified one. */
export function inviteEmail(input: {
  to: string;
  secret: string;
  expiresAt: Date;
  /** The inviter's name as Vipps gave it (L5), never the name edited on the site; null names nobody. */
  inviter: { vippsFirstName: string | null; vippsLastName: string | null };
  childNames: string[];
  companyName: string;
  publicUrl: string;
}): OutgoingEmail {
  const inviter = stripBidi(`${input.inviter.vippsFirstName ?? ''} ${input.inviter.vippsLastName ?? ''}`).replace(/\s+/g, ' ').trim();
  const link = secretLink(input.publicUrl, '/invitasjon', input.secret);
  const children = input.childNames.length === 0 ? 'familieprofilen sin' : `familieprofilen sin med ${listOf(input.childNames)}`;
  const text = [
    'Hei!',
    '',
    inviter ? `${inviter} har invitert deg som foresatt i ${children} hos ${input.companyName}.` : `Du er invitert som foresatt i en familieprofil hos ${input.companyName}.`,
    'Som foresatt ser du barna, kursene deres og kan bestille kurs for dem.',
    '',
    `Åpne lenken, logg inn med Vipps og svar på invitasjonen: ${link}`,
    `Lenken gjelder til ${formatDate(input.expiresAt)} og kan bare brukes av deg. Ikke del den med andre.`,
    '',
    'Vil du ikke bli med, kan du avslå invitasjonen eller se bort fra denne e-posten.',
    '',
    `Hilsen ${input.companyName}`,
  ].join('\n');
  return { to: input.to, subject: inviter ? `Invitasjon fra ${inviter} til familieprofil hos ${input.companyName}` : `Invitasjon til familieprofil hos ${input.companyName}`, text };
}
