import { useState } from 'react';
import type { CourseParticipant } from '@shared/course-admin';
import { displayPhone, fullName } from '@/lib/format';
import { useParticipantHealthNote } from '@/features/participants/api/participants';

/** MSISDN (4791234567) as a tel: address; it is shown as '912 34 567' (displayPhone). */
export const telHref = (phone: string) => `tel:+${phone.replace(/^\+/, '')}`;

/** A tap-to-call link: large enough for a wet thumb, named for whom it calls. */
export function CallLink({ phone, who }: { phone: string; who: string }) {
  return (
    <a href={telHref(phone)} className="inline-flex min-h-11 items-center font-semibold text-sea-800 underline underline-offset-2" aria-label={`Ring ${who}, ${displayPhone(phone)}`}>
      {displayPhone(phone)}
    </a>
  );
}

/** The health-note mark: a <details> that fetches the note only when opened (each opening is a logged reading). */
function HealthNoteMark({ courseId, participant }: { courseId: string; participant: CourseParticipant }) {
  const [open, setOpen] = useState(false);
  const note = useParticipantHealthNote(courseId, participant._id, open);
  return (
    <details className="group w-full" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full bg-danger-bg px-3 font-bold text-danger"
        aria-label={`Helseopplysninger for ${fullName(participant)}: trykk for å lese`}
      >
        <span aria-hidden="true">✚</span> Helse
      </summary>
      <div className="mt-2 rounded-xl border-2 border-danger bg-white p-3 text-ink print:hidden">
        {note.isPending ? (
          <p role="status">Laster …</p>
        ) : note.isError ? (
          <p role="alert">Kunne ikke hente helseopplysningene</p>
        ) : (
          <p className="whitespace-pre-wrap">{note.data.healthNote}</p>
        )}
      </div>
    </details>
  );
}

/** What the instructor needs at the pool about one child: the health mark, 'Ikke foto', and tap-to-call. */
export function ParticipantCare({ courseId, participant, guardians = false }: { courseId: string; participant: CourseParticipant; guardians?: boolean }) {
  const p = participant;
  const calls = [
    ...(guardians ? p.guardians.flatMap((g) => (g.phone ? [{ label: fullName(g), who: fullName(g), phone: g.phone }] : [])) : []),
    ...(p.emergencyContact
      ? [{ label: `Nødkontakt ${p.emergencyContact.name}`, who: `nødkontakt ${p.emergencyContact.name}`, phone: p.emergencyContact.phone }]
      : []),
  ];
  if (!p.hasHealthNote && p.photoConsent && calls.length === 0) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
      {p.hasHealthNote ? <HealthNoteMark courseId={courseId} participant={p} /> : null}
      {!p.photoConsent ? <span className="rounded-full bg-sand-100 px-3 py-1 font-semibold text-ink">Ikke foto</span> : null}
      {calls.length ? (
        <div className="flex w-full flex-wrap gap-x-4">
          {calls.map((c, i) => (
            <span key={i}>
              {c.label}: <CallLink phone={c.phone} who={c.who} />
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
