import type { OutgoingEmail } from '../../integrations/email';

/** The invite e-mail. The link opens the profile page on the invite; it survives the Vipps login (returnTo). */
export function inviteEmail(input: {
  to: string;
  inviteId: string;
  inviter: { firstName: string; lastName: string };
  childNames: string[];
  companyName: string;
  publicUrl: string;
}): OutgoingEmail {
  const inviter = `${input.inviter.firstName} ${input.inviter.lastName}`.trim();
  const link = `${input.publicUrl.replace(/\/+$/, '')}/profil?invitasjon=${input.inviteId}`;
  const children =
    input.childNames.length === 0
      ? 'familieprofilen sin'
      : `familieprofilen sin med ${input.childNames.length === 1 ? input.childNames[0] : `${input.childNames.slice(0, -1).join(', ')} og ${input.childNames.at(-1)}`}`;
  const text = [
    'Hei!',
    '',
    `${inviter} har invitert deg som foresatt i ${children} hos ${input.companyName}.`,
    'Som foresatt ser du barna, kursene deres og kan bestille kurs for dem.',
    '',
    `Logg inn med Vipps og svar på invitasjonen her: ${link}`,
    '',
    'Logg inn med Vipps-kontoen som har denne e-postadressen. Vil du ikke bli med, kan du avslå invitasjonen eller se bort fra denne e-posten.',
    '',
    `Hilsen ${input.companyName}`,
  ].join('\n');
  return { to: input.to, subject: `Invitasjon fra ${inviter} til familieprofil hos ${input.companyName}`, text };
}
