import { formatDate, formatTime, formatKr, type Ore } from '@app/shared';
import type { OutgoingEmail } from '../../integrations/email';
import { secretLink } from '../../lib/secret-link';

/** Which guardian hears about which child; `courseName` is the display name (courseDisplayName), not the stored one. */
type FamilyEmail = { to: string; firstName: string; childName: string; courseName: string; placeName: string; companyName: string };

/** A cancelled date: what changed and what the family can choose (a secret link: lib/secret-link.ts). */
export function dateCancelledEmail(input: FamilyEmail & {
  date: Date;
  reason: string;
  shareOre: Ore;
  /** Whether the child has a make-up date to pick right now: the e-mail promises only what the page offers. */
  hasMakeup: boolean;
  deadline: Date;
  defaultChoice: 'credit' | 'refund';
  secret: string;
  publicUrl: string;
}): OutgoingEmail {
  const link = secretLink(input.publicUrl, '/endring', input.secret);
  // Nothing paid for the date (a child an admin added): no money to give back, only a make-up.
  const paid = input.shareOre > 0;
  const options = [
    ...(input.hasMakeup ? ['- En erstatningstime på et annet kurs med ledig plass'] : []),
    ...(paid ? [`- Pengene for timen tilbake til Vipps (${formatKr(input.shareOre, { for: 'email' })})`, `- Et tilgodebeløp på ${formatKr(input.shareOre, { for: 'email' })} som brukes automatisk neste gang dere bestiller`] : []),
  ];
  const choose =
    options.length > 0
      ? [
          `Velg hva ${input.childName} skal få for timen:`,
          ...options,
          '',
          `Velg med ett trykk her: ${link}`,
          'Du kan også velge under «Min profil».',
          ...(paid ? [`Velger du ikke innen ${formatDate(input.deadline)}, får dere ${input.defaultChoice === 'credit' ? 'et tilgodebeløp' : 'pengene tilbake'}.`] : []),
        ]
      : [`Det er ingen ledige erstatningstimer akkurat nå. Blir det ledig plass, kan du velge en her: ${link}`];
  const text = [
    `Hei ${input.firstName}!`,
    '',
    `Timen ${formatDate(input.date)} på ${input.courseName}, ${input.placeName}, er avlyst: ${input.reason}`,
    '',
    ...choose,
    '',
    `Hilsen ${input.companyName}`,
  ].join('\n');
  return { to: input.to, subject: `Avlyst: timen ${formatDate(input.date)} på ${input.courseName}`, text };
}

/** The day before a child's first date or a make-up date: where, when and what to bring. */
export function reminderEmail(input: FamilyEmail & { start: Date; address: string; mapUrl: string; info: string; makeup: boolean }): OutgoingEmail {
  const text = [
    `Hei ${input.firstName}!`,
    '',
    `I morgen ${formatDate(input.start)} kl. ${formatTime(input.start)} er ${input.childName} på ${input.makeup ? 'erstatningstime på ' : ''}${input.courseName}.`,
    `Sted: ${input.placeName}, ${input.address}`,
    `Kart: ${input.mapUrl}`,
    ...(input.info.trim() ? ['', 'Husk:', input.info.trim()] : []),
    '',
    'Du kan skru av påminnelser under «Min profil».',
    '',
    `Hilsen ${input.companyName}`,
  ].join('\n');
  return { to: input.to, subject: `Påminnelse: ${input.courseName} i morgen`, text };
}
