import { formatDate, formatTime, fullName, osloWeekday, weekdayName, type NamedPerson, formatKr } from '@app/shared';
import { courseCalendar, courseSessions, courseTitle, type CalendarCourse } from '../../integrations/calendar';
import type { OutgoingEmail } from '../../integrations/email';

export interface ConfirmationInput {
  to: string;
  companyName: string;
  siteUrl: string;
  guardian: NamedPerson;
  child: NamedPerson;
  course: CalendarCourse;
  order: { reference: string; humanReference: string; amountOre: number };
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The booking confirmation (spec §4: "confirmation sent by e-mail"), with the course dates as an .ics attachment. */
export function confirmationEmail(input: ConfirmationInput): OutgoingEmail {
  const { course, order } = input;
  const site = input.siteUrl.replace(/\/+$/, '');
  const title = courseTitle(course);
  const child = fullName(input.child);
  const location = [course.placeName, course.address, [course.zipCode, course.town].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const dates = courseSessions(course).map(
    ({ start, end }) => `${weekdayName(osloWeekday(start))} ${formatDate(start)} kl. ${formatTime(start)}–${formatTime(end)}`,
  );
  const amount = formatKr(order.amountOre, { for: 'email' });
  const orderUrl = `${site}/vipps/payment/${encodeURIComponent(order.reference)}`;
  const calendar = courseCalendar(course, { companyName: input.companyName, siteUrl: site });

  const summary: [string, string][] = [
    ['Kurs', title],
    ['Sted', location],
    ['Barn', child],
    ['Beløp', amount],
    ['Ordrenummer', order.humanReference],
    ['Referanse', order.reference],
  ];

  const text = [
    `Hei ${input.guardian.firstName}!`,
    '',
    `Takk for bestillingen. ${child} er nå påmeldt ${title} på ${course.placeName}.`,
    '',
    ...summary.map(([k, v]) => `${k}: ${v}`),
    '',
    'Kursdager:',
    ...(dates.length ? dates.map((d) => `  - ${d}`) : ['  Ikke fastsatt ennå']),
    '',
    'Kurskalenderen ligger ved som en .ics-fil du kan åpne i kalenderen din.',
    '',
    `Se bestillingen: ${orderUrl}`,
    `Regler og betingelser: ${site}/regler-og-betingelser`,
    '',
    'Hilsen',
    input.companyName,
  ].join('\n');

  const html = [
    `<p>Hei ${escapeHtml(input.guardian.firstName)}!</p>`,
    `<p>Takk for bestillingen. ${escapeHtml(child)} er nå påmeldt ${escapeHtml(title)} på ${escapeHtml(course.placeName)}.</p>`,
    '<table>',
    ...summary.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    '<p>Kursdager:</p>',
    dates.length ? `<ul>${dates.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>` : '<p>Ikke fastsatt ennå</p>',
    '<p>Kurskalenderen ligger ved som en .ics-fil du kan åpne i kalenderen din.</p>',
    `<p><a href="${escapeHtml(orderUrl)}">Se bestillingen</a> · <a href="${escapeHtml(`${site}/regler-og-betingelser`)}">Regler og betingelser</a></p>`,
    `<p>Hilsen<br>${escapeHtml(input.companyName)}</p>`,
  ].join('\n');

  return {
    to: input.to,
    subject: `Bekreftelse: ${child} er påmeldt ${title}, ${course.placeName}`,
    text,
    html,
    attachments: [{ filename: calendar.filename, contentType: calendar.contentType, content: calendar.content }],
  };
}
