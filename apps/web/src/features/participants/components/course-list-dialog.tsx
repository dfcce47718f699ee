import { useEffect, useState, type ReactNode } from 'react';
import type { CourseParticipants } from '@shared/course-admin';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatDate, fullName } from '@/lib/format';
import { Checkbox } from '@/components/ui/form';
import { useCourseHealthNotes, useCourseParticipants } from '@/features/participants/api/participants';
import { CallLink, ParticipantCare } from './participant-care';

/** Phone numbers are stored with the country prefix first (4791234567); the list shows them as +4791234567. */
export const smsPhone = (phone: string) => `+${phone.replace(/^\+/, '')}`;

/** Every guardian's phone number with a + prefix, one per guardian, for pasting into a group SMS. */
export function phoneList(list: CourseParticipants): string {
  const phones = list.participants.flatMap((p) => p.guardians.map((g) => g.phone).filter((x): x is string => !!x).map(smsPhone));
  return [...new Set(phones)].join(', ');
}

/** 'Name <e-mail>' for every guardian with an address, for pasting into an e-mail's To field. */
export function nameEmailList(list: CourseParticipants): string {
  const lines = list.participants.flatMap((p) => p.guardians.filter((g) => !!g.email).map((g) => `${fullName(g)} <${g.email}>`));
  return [...new Set(lines)].join(', ');
}

const dayLabel = (iso: string) => formatDate(iso).slice(0, 5);

function markLabel(mark: boolean | undefined) {
  return mark === true ? 'til stede' : mark === false ? 'borte' : 'ikke registrert';
}

function CheckSquare({ name, date, mark }: { name: string; date: string; mark: boolean | undefined }) {
  return (
    <span
      role="img"
      aria-label={`${name} ${dayLabel(date)}: ${markLabel(mark)}`}
      className="inline-flex size-5 shrink-0 items-center justify-center border-2 border-ink text-xs leading-none font-bold"
    >
      {mark === true ? '✓' : mark === false ? '–' : ''}
    </span>
  );
}

function GuardianLines({ participant }: { participant: CourseParticipants['participants'][number] }) {
  return participant.guardians.map((g, i) => (
    <div key={i} className="break-words">
      {fullName(g)}: {g.phone ? <CallLink phone={g.phone} who={fullName(g)} /> : 'Mangler telefonnummer'}, {g.email ?? 'Mangler epost-adresse'}
    </div>
  ));
}

/** The note's text on the list: only after 'Ta med helseopplysninger' was ticked for a print. */
function PrintedNote({ note }: { note: string | undefined }) {
  return note ? <span className="mt-1 block font-normal whitespace-pre-wrap">Helse: {note}</span> : null;
}

type ListProps = { list: CourseParticipants; marks: Map<string, boolean>; notes: Map<string, string> };

function CourseListTable({ list, marks, notes }: ListProps) {
  const { course } = list;
  return (
    // From 640 px and on paper: the table, scrolling sideways in a focusable box.
    <div className="hidden overflow-x-auto sm:block print:block print:overflow-visible" tabIndex={0} role="region" aria-label="Deltakere og datoer">
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr>
            {['Barn', 'Foresatte'].map((heading) => (
              <th key={heading} scope="col" className="border border-line p-1.5 text-left">
                {heading}
              </th>
            ))}
            {course.dates.map((date) => (
              <th key={date} scope="col" className="border border-line p-1 text-center font-semibold whitespace-nowrap">
                {dayLabel(date)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.participants.map((p) => (
            <tr key={p._id} className="break-inside-avoid">
              <th scope="row" className="border border-line p-1.5 text-left align-top font-semibold">
                {fullName(p)}
                {p.birthdate ? <span className="block font-normal text-muted">f. {formatDate(p.birthdate)}</span> : null}
                <ParticipantCare courseId={course._id} participant={p} />
                <PrintedNote note={notes.get(p._id)} />
              </th>
              <td className="border border-line p-1.5 align-top">
                <GuardianLines participant={p} />
              </td>
              {course.dates.map((date) => (
                <td key={date} className="border border-line p-1 text-center align-middle">
                  <CheckSquare name={fullName(p)} date={date} mark={marks.get(`${p._id}|${date}`)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below 640 px: a card per child, its dates wrapping, so nothing scrolls sideways. Not printed: paper gets the table. */
function CourseListCards({ list, marks, notes }: ListProps) {
  const { course } = list;
  if (list.participants.length === 0) return null;
  return (
    <ul className="space-y-3 sm:hidden print:hidden" aria-label="Deltakere">
      {list.participants.map((p) => (
        <li key={p._id} className="min-w-0 rounded-md border border-line p-3 text-sm">
          <p className="font-semibold break-words">
            {fullName(p)}
            {p.birthdate ? <span className="block font-normal text-muted">f. {formatDate(p.birthdate)}</span> : null}
          </p>
          <ParticipantCare courseId={course._id} participant={p} />
          <PrintedNote note={notes.get(p._id)} />
          <div className="mt-1">
            <GuardianLines participant={p} />
          </div>
          <div className="mt-2 flex flex-wrap gap-x-3 gap-y-2">
            {course.dates.map((date) => (
              <span key={date} className="inline-flex items-center gap-1 whitespace-nowrap">
                <span aria-hidden="true">{dayLabel(date)}</span>
                <CheckSquare name={fullName(p)} date={date} mark={marks.get(`${p._id}|${date}`)} />
              </span>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

function CourseList({ list, notes }: { list: CourseParticipants; notes: Map<string, string> }) {
  const marks = new Map(list.attendance.map((m) => [`${m.childId}|${m.date}`, m.present]));
  const { course } = list;
  return (
    <>
      <p className="mb-3 text-muted">
        {course.placeName}, {course.town} · {course.experienceLevel}
        {course.participantsAge ? ` · ${course.participantsAge}` : ''} · kl. {course.timeFrom}–{course.timeTo}
        {course.instructors.length ? ` · ${course.instructors.map(fullName).join(', ')}` : ''}
      </p>
      <CourseListTable list={list} marks={marks} notes={notes} />
      <CourseListCards list={list} marks={marks} notes={notes} />
      {list.participants.length === 0 ? <p className="mt-3">Ingen påmeldte</p> : null}
    </>
  );
}

/** How long a copy button says 'Kopiert' before it shows its own name again. */
const COPIED_MS = 2500;

/** Spec §2 'Kursliste': printable on A4 landscape with a square per date, and copy buttons for phones and e-mails. */
export function CourseListDialog({ courseId, onClose, changes }: { courseId: string | null; onClose: () => void; changes?: ReactNode }) {
  const list = useCourseParticipants(courseId ?? undefined);
  // 'Ta med helseopplysninger': for one print only (unticked after it), and each fetch of the notes is logged.
  const [withNotes, setWithNotes] = useState(false);
  const healthNotes = useCourseHealthNotes(courseId ?? '', withNotes && !!courseId);
  const notes = new Map(withNotes ? (healthNotes.data?.notes ?? []).map((n) => [n.childId, n.healthNote] as const) : []);
  useEffect(() => {
    if (!withNotes) return;
    const untick = () => setWithNotes(false);
    window.addEventListener('afterprint', untick);
    return () => window.removeEventListener('afterprint', untick);
  }, [withNotes]);
  const [copied, setCopied] = useState<{ which: 'phones' | 'emails'; message: string } | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (text: string, which: 'phones' | 'emails', what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ which, message: `${what} er kopiert` });
    } catch {
      setCopied({ which, message: 'Kunne ikke kopiere' });
    }
  };
  // The button that was used says 'Kopiert' for a moment; the status line says what was copied, for screen readers.
  const copyLabel = (which: 'phones' | 'emails', label: string) =>
    copied?.which === which && copied.message !== 'Kunne ikke kopiere' ? 'Kopiert' : label;

  return (
    <Modal open={!!courseId} onOpenChange={(open) => !open && onClose()} title="Kursliste" size="xl" className="print-area">
      {list.isPending ? (
        <p role="status">Laster kursliste…</p>
      ) : list.isError || !list.data ? (
        <p role="alert">Kunne ikke hente kurs</p>
      ) : (
        <>
          <div className="no-print mb-4 flex flex-wrap items-center gap-2">
            <Button onClick={() => window.print()}>Skriv ut</Button>
            <Button variant="secondary" onClick={() => void copy(phoneList(list.data), 'phones', 'Telefonnumrene')}>
              {copyLabel('phones', 'Kopier telefonnumre')}
            </Button>
            <Button variant="secondary" onClick={() => void copy(nameEmailList(list.data), 'emails', 'Navn og e-post')}>
              {copyLabel('emails', 'Kopier navn og e-post')}
            </Button>
            <span role="status" className="text-sm text-muted">
              {copied?.message}
            </span>
            {list.data.participants.some((p) => p.hasHealthNote) ? (
              <Checkbox
                label="Ta med helseopplysninger"
                hint="Gjelder denne utskriften. Foreldrene ser at du har lest dem."
                checked={withNotes}
                onChange={(e) => setWithNotes(e.target.checked)}
                fieldClassName="w-full"
              />
            ) : null}
          </div>
          {changes}
          <CourseList list={list.data} notes={notes} />
        </>
      )}
    </Modal>
  );
}
