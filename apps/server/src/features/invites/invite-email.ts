import { formatDate, listOf } from '@app/shared';
import type { OutgoingEmail } from '../../integrations/email';

/**
 * The invite e-mail. The link carries the invite's secret after '#': browsers never send that part to a server, so it
 * stays out of request logs and Referer headers; the page keeps it through the Vipps login. `childNames` is empty
 * unless the address is a user's verified one (issue 36 finding 8).
 */
export function inviteEmail(input: {
  to: string;
  secret: string;
  expiresAt: Date;
  inviter: { firstName: string; lastName: string };
  childNames: string[];
  companyName: string;
  publicUrl: string;
}): OutgoingEmail {
  const inviter = `${input.inviter.firstName} ${input.inviter.lastName}`.trim();
  const link = `${input.publicUrl.replace(/\/+$/, '')}/invitasjon#${input.secret}`;
  const children =
    input.childNames.length === 0
      ? 'familieprofilen sin'
      : `familieprofilen sin med ${listOf(input.childNames)}`;
  const text = [
    'Hei!',
    '',
    `${inviter} har invitert deg som foresatt i ${children} hos ${input.companyName}.`,
    'Som foresatt ser du barna, kursene deres og kan bestille kurs for dem.',
    '',
    `Åpne lenken, logg inn med Vipps og svar på invitasjonen: ${link}`,
    `Lenken gjelder til ${formatDate(input.expiresAt)} og kan bare brukes av deg. Ikke del den med andre.`,
    '',
    'Vil du ikke bli med, kan du avslå invitasjonen eller se bort fra denne e-posten.',
    '',
    `Hilsen ${input.companyName}`,
  ].join('\n');
  return { to: input.to, subject: `Invitasjon fra ${inviter} til familieprofil hos ${input.companyName}`, text };
}
