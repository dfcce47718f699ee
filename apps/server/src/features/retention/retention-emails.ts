import { formatDate } from '@app/shared';
import type { OutgoingEmail } from '../../integrations/email';

const site = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/**
 * The guardian's warning before the account is deleted (issue 39). The link carries the secret after '#' (never sent
 * to a server, so it stays out of logs and Referer headers); its page asks for one tap, since mail scanners follow links.
 */
export function keepAccountEmail(input: { to: string; firstName: string; secret: string; deleteOn: Date; companyName: string; publicUrl: string }): OutgoingEmail {
  const link = `${site(input.publicUrl)}/behold-konto#${input.secret}`;
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
    `Profilen din: ${site(input.publicUrl)}/profil`,
    '',
    `Hilsen ${input.companyName}`,
  ].join('\n');
  return { to: input.to, subject: `Helseopplysningene om ${input.childFirstName} slettes ${formatDate(input.deleteOn)}`, text };
}
