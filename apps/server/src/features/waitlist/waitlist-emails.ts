import { formatDate, formatDateTime, fullName, type NamedPerson } from '@app/shared';
import type { OutgoingEmail } from '../../integrations/email';

/** The waitlist's e-mails (decision 016). The link goes to /profil (through Vipps Login), where the offer waits. */
const profileLink = (siteUrl: string) => `${siteUrl.replace(/\/+$/, '')}/profil`;

/** What every e-mail about one child's place on a list needs: the guardian who put the child there, and the course. */
export interface EntryEmail {
  to: string;
  companyName: string;
  siteUrl: string;
  guardian: NamedPerson;
  child: NamedPerson;
  course: { name: string; placeName: string };
}

export function offerEmail(input: EntryEmail & { expiresAt: Date }): OutgoingEmail {
  const course = `${input.course.name}, ${input.course.placeName}`;
  return {
    to: input.to,
    subject: `Ledig plass til ${input.child.firstName}: ${input.course.name}`,
    text: [
      `Hei ${input.guardian.firstName}!`,
      '',
      `En plass har blitt ledig på ${course}, og den er holdt av for ${fullName(input.child)} fra ventelisten.`,
      `Betal innen ${formatDateTime(input.expiresAt)} for å få plassen. Etter det går tilbudet videre til neste på listen.`,
      '',
      `Se tilbudet og betal med Vipps: ${profileLink(input.siteUrl)}`,
      '',
      `Hilsen ${input.companyName}`,
    ].join('\n'),
  };
}

/** The list was closed by an admin while the child was waiting (decision 016): the family hears of it. */
export function waitlistClosedEmail(input: EntryEmail): OutgoingEmail {
  return {
    to: input.to,
    subject: `Ventelisten er stengt: ${input.course.name}`,
    text: [
      `Hei ${input.guardian.firstName}!`,
      '',
      `Ventelisten til ${input.course.name}, ${input.course.placeName} er stengt, så ${fullName(input.child)} står ikke lenger på den.`,
      '',
      `Du finner andre kurs med ledige plasser her: ${input.siteUrl.replace(/\/+$/, '')}/kurs`,
      '',
      `Hilsen ${input.companyName}`,
    ].join('\n'),
  };
}

/** To a returning family: its children who took part before, and when the course opens to all. */
type InvitationEmail = Omit<EntryEmail, 'child' | 'course'> & { children: NamedPerson[]; course: EntryEmail['course'] & { placeSlug: string } };
export function priorityInvitationEmail(input: InvitationEmail & { openToAllAt: Date }): OutgoingEmail {
  const names = input.children.map((c) => c.firstName).join(' og ');
  const link = `${input.siteUrl.replace(/\/+$/, '')}/kurs/${encodeURIComponent(input.course.placeSlug)}`;
  return {
    to: input.to,
    subject: `Fortsett svømmingen: ${input.course.name}`,
    text: [
      `Hei ${input.guardian.firstName}!`,
      '',
      `Fordi ${names} har gått kurs hos oss, kan dere bestille plass på ${input.course.name}, ${input.course.placeName} før alle andre.`,
      `Kurset åpner for alle ${formatDate(input.openToAllAt)}.`,
      '',
      `Bestill her: ${link}`,
      '',
      `Hilsen ${input.companyName}`,
    ].join('\n'),
  };
}
