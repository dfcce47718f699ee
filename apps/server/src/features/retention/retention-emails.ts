import { formatDate } from '@app/shared';
import type { OutgoingEmail } from '../../integrations/email';
import { secretLink } from '../../lib/secret-link';

/** The guardian's warning before the account is deleted, with a secret link (lib/secret-link.ts). */
export function keepAccountEmail(input: { to: string; firstName: string; secret: string; deleteOn: Date; companyName: string; publicUrl: string }): OutgoingEmail {
  const link = secretLink(input.publicUrl, '/behold-konto', input.secret);
  const text = [
    `Hei ${input.firstName}!`,
    '',
    `Du har ikke vært innlogget hos ${input.companyName} på lenge, og det er ingen barn med kurs igjen på profilen din.`,
    `Vi tar ikke vare på opplysninger lenger enn vi trenger, så kontoen din slettes ${formatDate(input.deleteOn)}.`,
    'Kvitteringer for betalte kurs beholdes for regnskapet (bokføringsloven), uten navn.',
    '',
    `Vil du beholde kontoen? Åpne lenken og trykk «Behold kontoen»: ${link}`,
    'Du kan også bare logge inn med Vipps før datoen.',
    '',
    `Hilsen ${input.companyName}`,
  ].join('\n');
  return { to: input.to, subject: `Kontoen din hos ${input.companyName} slettes ${formatDate(input.deleteOn)}`, text };
}

/** The guardian's warning before a child's health note is deleted after the season (open-issues decisions). */
export function healthNoteWarningEmail(input: { to: string; childFirstName: string; deleteOn: Date; companyName: string; publicUrl: string }): OutgoingEmail {
  const text = [
    'Hei!',
    '',
    `Kurset til ${input.childFirstName} er slutt. Helseopplysningene du har gitt om ${input.childFirstName}, slettes ${formatDate(input.deleteOn)}.`,
    'Skal barnet på nytt kurs, kan du skrive dem inn igjen på profilen når du trenger det.',
    '',
    `Profilen din: ${input.publicUrl.replace(/\/+$/, '')}/profil`,
    '',
    `Hilsen ${input.companyName}`,
  ].join('\n');
  return { to: input.to, subject: `Helseopplysningene om ${input.childFirstName} slettes ${formatDate(input.deleteOn)}`, text };
}
