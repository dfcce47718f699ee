import { useState } from 'react';
import type { CourseParticipants } from '@shared/course-admin';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatDate, fullName } from '@/lib/format';
import { useCourseParticipants } from '../api/get-course-participants';

/** Phone numbers are stored with the country prefix first (4791234567); the list shows them as +4791234567. */
export const displayPhone = (phone: string) => `+${phone.replace(/^\+/, '')}`;

/** Every guardian's phone number with a + prefix, one per guardian, for pasting into a group SMS. */
export function phoneList(list: CourseParticipants): string {
  const phones = list.participants.flatMap((p) => p.guardians.map((g) => g.phone).filter((x): x is string => !!x).map(displayPhone));
  return [...new Set(phones)].join(', ');
}

/** 'Name <e-mail>' for every guardian with an address, for pasting into an e-mail's To field. */
export function nameEmailList(list: CourseParticipants): string {
  const lines = list.participants.flatMap((p) => p.guardians.filter((g) => !!g.email).map((g) => `${fullName(g)} <${g.email}>`));
  return [...new Set(lines)].join(', ');
}

const dayLabel = (iso: string) => formatDate(iso).slice(0, 5);

function CourseListTable({ list }: { list: CourseParticipants }) {
  const marks = new Map(list.attendance.map((m) => [`${m.childId}|${m.date}`, m.present]));
  const { course } = list;
  return (
    // Wide on a phone: the table scrolls sideways, and the scroll box takes keyboard focus.
    <div className="overflow-x-auto print:overflow-visible" tabIndex={0} role="region" aria-label="Deltakere og datoer">
      <p className="mb-3 text-muted">
        {course.placeName}, {course.town} · {course.experienceLevel}
        {course.participantsAge ? ` · ${course.participantsAge}` : ''} · kl. {course.timeFrom}–{course.timeTo}
        {course.instructors.length ? ` · ${course.instructors.map(fullName).join(', ')}` : ''}
      </p>
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr>
            <th scope="col" className="border border-line p-1.5 text-left">
              Barn
            </th>
            <th scope="col" className="border border-line p-1.5 text-left">
              Foresatte
            </th>
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
              </th>
              <td className="border border-line p-1.5 align-top">
                {p.guardians.map((g, i) => (
                  <div key={i}>
                    {fullName(g)}: {g.phone ? displayPhone(g.phone) : 'Mangler telefonnummer'}, {g.email ?? 'Mangler epost-adresse'}
                  </div>
                ))}
              </td>
              {course.dates.map((date) => {
                const mark = marks.get(`${p._id}|${date}`);
                const label = mark === true ? 'til stede' : mark === false ? 'borte' : 'ikke registrert';
                return (
                  <td key={date} className="border border-line p-1 text-center align-middle">
                    <span
                      role="img"
                      aria-label={`${fullName(p)} ${dayLabel(date)}: ${label}`}
                      className="inline-flex size-5 items-center justify-center border-2 border-ink text-xs leading-none font-bold"
                    >
                      {mark === true ? '✓' : mark === false ? '–' : ''}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {list.participants.length === 0 ? <p className="mt-3">Ingen påmeldte</p> : null}
    </div>
  );
}

/**
 * Spec §2 'Kursliste' (instructor, admin): printable on A4 landscape with a check square per date (marks already
 * taken are filled in), and copy buttons for the guardians' phone numbers and for names with e-mail.
 */
export function CourseListDialog({ courseId, onClose }: { courseId: string | null; onClose: () => void }) {
  const list = useCourseParticipants(courseId ?? undefined);
  const [copied, setCopied] = useState<string | null>(null);

  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`${what} er kopiert`);
    } catch {
      setCopied('Kunne ikke kopiere');
    }
  };

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
            <Button variant="secondary" onClick={() => void copy(phoneList(list.data), 'Telefonnumrene')}>
              Kopier telefonnumre
            </Button>
            <Button variant="secondary" onClick={() => void copy(nameEmailList(list.data), 'Navn og e-post')}>
              Kopier navn og e-post
            </Button>
            <span role="status" className="text-sm text-muted">
              {copied}
            </span>
          </div>
          <CourseListTable list={list.data} />
        </>
      )}
    </Modal>
  );
}
