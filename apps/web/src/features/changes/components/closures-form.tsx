import { useState } from 'react';
import type { CancelledDates } from '@shared/api';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, DateInput, FormError, Select, Textarea } from '@/components/ui/form';
import { errorMessage } from '@/lib/error-messages';
import { countOf, courseDisplayName, formatDate, formatTime, type NameableCourse } from '@/lib/format';
import { useCancelCourseDate, useClosePlace } from '../api/changes';

/** The admin closes a venue for a day or cancels one date: a preview first, then 'Angre' until the e-mails go. */
export interface ClosuresFormProps {
  places: readonly { _id: string; name: string }[];
  /** The chosen venue's courses (the route reads them for the venue in `placeId`). */
  courses: readonly (NameableCourse & { _id: string; dates: readonly string[] })[];
  placeId: string;
  onPlaceChange: (placeId: string) => void;
  /** The time now (tests); only future dates are offered. */
  now?: Date;
}

type Pending = { kind: 'day'; preview: CancelledDates } | { kind: 'date'; preview: CancelledDates; courseId: string };

const minutesUntil = (iso: string) => Math.max(0, Math.round((new Date(iso).getTime() - Date.now()) / 60_000));

/** 'Avlyse 4 kurs 08.02.2027?' or the course's display name (which says the time) and the date. */
function confirmTitle(pending: Pending): string {
  const first = pending.preview.cancelled[0]!;
  if (pending.kind === 'date') return `Avlyse ${first.courseName} · ${formatDate(first.date)}?`;
  return `Avlyse ${countOf(pending.preview.cancelled.length, 'kurs', 'kurs')} ${formatDate(first.date)}?`;
}

/** '20 familier får e-post om 10 minutter. Du kan angre til da.' */
function confirmMessage(preview: CancelledDates): string {
  const families = countOf(preview.families, 'familie', 'familier');
  const minutes = minutesUntil(preview.announceAt);
  if (preview.families === 0) return 'Ingen familier har barn på kurset den dagen, så ingen får e-post.';
  if (minutes === 0) return `${families} får e-post nå.`;
  return `${families} får e-post om ${countOf(minutes, 'minutt', 'minutter')}. Du kan angre til da.`;
}

export function ClosuresForm({ places, courses, placeId, onPlaceChange: setPlaceId, now = new Date() }: ClosuresFormProps) {
  const [day, setDay] = useState('');
  const [courseDate, setCourseDate] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const close = useClosePlace();
  const cancel = useCancelCourseDate();
  const busy = close.isPending || cancel.isPending;

  /** Says what is missing for a preview of `date`; true when nothing is. */
  const ready = (date: string) => {
    const problem = !placeId ? 'Velg et kurssted' : !date ? 'Velg en dato' : !reason.trim() ? 'Skriv en grunn familiene ser' : null;
    setError(problem);
    setStatus(null);
    return !problem;
  };
  const fail = (e: unknown) => setError(errorMessage(e, 'Kunne ikke avlyse. Er datoen allerede avlyst?'));

  const previewDay = async () => {
    if (!ready(day)) return;
    try {
      const preview = await close.mutateAsync({ placeId, input: { day, reason: reason.trim(), preview: true } });
      if (preview.cancelled.length === 0) setStatus('Ingen kurs har time den dagen.');
      else setPending({ kind: 'day', preview });
    } catch (e) {
      fail(e);
    }
  };
  const previewDate = async () => {
    if (!ready(courseDate)) return;
    const [courseId, date] = courseDate.split('|') as [string, string];
    try {
      setPending({ kind: 'date', courseId, preview: await cancel.mutateAsync({ courseId, input: { date, reason: reason.trim(), preview: true } }) });
    } catch (e) {
      fail(e);
    }
  };
  const confirm = async () => {
    if (!pending) return;
    try {
      const done =
        pending.kind === 'day'
          ? await close.mutateAsync({ placeId, input: { day, reason: reason.trim() } })
          : await cancel.mutateAsync({ courseId: pending.courseId, input: { date: pending.preview.cancelled[0]!.date, reason: reason.trim() } });
      setDay('');
      setCourseDate('');
      setReason('');
      setError(null);
      const families = countOf(done.families, 'familie', 'familier');
      setStatus(`Avlyst: ${countOf(done.cancelled.length, 'kursdag', 'kursdager')}. ${done.families === 0 ? 'Ingen familier får e-post.' : `${families} får e-post kl. ${formatTime(done.announceAt)}.`}`);
    } catch (e) {
      fail(e);
      throw e;
    }
  };

  const futureDates = courses.flatMap((c) =>
    // The course's display name (level, age, weekday and time: walk-through 8), then the date.
    c.dates.filter((d) => new Date(d) > now).map((d) => ({ value: `${c._id}|${d}`, label: `${courseDisplayName(c)} · ${formatDate(d)}` })),
  );

  return (
    <div className="max-w-xl space-y-5">
      <Select label="Kurssted" placeholder="Velg kurssted" value={placeId} onChange={(e) => setPlaceId(e.target.value)} options={places.map((p) => ({ value: p._id, label: p.name }))} />
      <Textarea label="Grunn (familiene ser den)" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />

      <fieldset className="rounded-2xl border border-sand-200 p-4">
        <legend className="px-1 font-bold">Bassenget er stengt</legend>
        <DateInput label="Dato" value={day} onChange={(e) => setDay(e.target.value)} />
        <Button className="mt-3" disabled={busy} onClick={() => void previewDay()}>
          Avlys alle kurs denne dagen
        </Button>
      </fieldset>

      <fieldset className="rounded-2xl border border-sand-200 p-4">
        <legend className="px-1 font-bold">Avlys én kursdag</legend>
        <Select label="Kurs og dato" placeholder="Velg kursdag" value={courseDate} onChange={(e) => setCourseDate(e.target.value)} options={futureDates} />
        <Button className="mt-3" variant="secondary" disabled={busy} onClick={() => void previewDate()}>
          Avlys kursdagen
        </Button>
      </fieldset>

      <FormError>{error}</FormError>
      {status ? (
        <p role="status" className="rounded-xl bg-success-bg p-3 font-medium text-success">
          {status}
        </p>
      ) : null}

      <ConfirmDialog
        open={!!pending}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? confirmTitle(pending) : ''}
        message={pending ? confirmMessage(pending.preview) : undefined}
        confirmText="Avlys"
        cancelText="Tilbake"
        confirmVariant="danger"
        busyText="Avlyser …"
        onConfirm={confirm}
      >
        {pending && pending.kind === 'day' ? (
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {pending.preview.cancelled.map((c) => (
              // The display name says the weekday and time: 'Nybegynner · 1–2 år · mandager kl. 10:00'.
              <li key={`${c.courseId}|${c.date}`}>{c.courseName}</li>
            ))}
          </ul>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
