import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateInput, FormError, Select, Textarea } from '@/components/ui/form';
import { formatDate, formatTime } from '@/lib/format';
import { useCancelCourseDate, useClosePlace } from '../api/changes';

/**
 * The admin closes a venue on a day ('Bassenget er stengt': every course there that day) or cancels one date of one
 * course, with the reason families see. Every family is told by e-mail at once and chooses on /profil.
 */
export interface ClosuresFormProps {
  places: readonly { _id: string; name: string }[];
  /** The chosen venue's courses (the route reads them for the venue in `placeId`). */
  courses: readonly { _id: string; name: string; experienceLevel: string; dates: readonly string[] }[];
  placeId: string;
  onPlaceChange: (placeId: string) => void;
}

export function ClosuresForm({ places, courses, placeId, onPlaceChange: setPlaceId }: ClosuresFormProps) {
  const [day, setDay] = useState('');
  const [courseDate, setCourseDate] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = useClosePlace();
  const cancel = useCancelCourseDate();
  const done = close.data ?? cancel.data;

  const check = (needs: string) => {
    if (!placeId) return 'Velg et kurssted';
    if (!needs) return 'Velg en dato';
    if (!reason.trim()) return 'Skriv en grunn familiene ser';
    return null;
  };

  return (
    <div className="max-w-xl space-y-5">
      <Select label="Kurssted" placeholder="Velg kurssted" value={placeId} onChange={(e) => setPlaceId(e.target.value)} options={places.map((p) => ({ value: p._id, label: p.name }))} />
      <Textarea label="Grunn (familiene ser den)" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />

      <fieldset className="rounded-2xl border border-sand-200 p-4">
        <legend className="px-1 font-bold">Bassenget er stengt</legend>
        <DateInput label="Dato" value={day} onChange={(e) => setDay(e.target.value)} />
        <Button
          className="mt-3"
          disabled={close.isPending}
          onClick={() => {
            const problem = check(day);
            setError(problem);
            if (!problem) close.mutate({ placeId, input: { day, reason: reason.trim() } });
          }}
        >
          Avlys alle kurs denne dagen
        </Button>
      </fieldset>

      <fieldset className="rounded-2xl border border-sand-200 p-4">
        <legend className="px-1 font-bold">Avlys én kursdag</legend>
        <Select
          label="Kurs og dato"
          placeholder="Velg kursdag"
          value={courseDate}
          onChange={(e) => setCourseDate(e.target.value)}
          options={courses.flatMap((c) => c.dates.map((d) => ({ value: `${c._id}|${d}`, label: `${c.name || c.experienceLevel} · ${formatDate(d)} kl. ${formatTime(d)}` })))}
        />
        <Button
          className="mt-3"
          variant="secondary"
          disabled={cancel.isPending}
          onClick={() => {
            const problem = check(courseDate);
            setError(problem);
            const [courseId, date] = courseDate.split('|') as [string, string];
            if (!problem) cancel.mutate({ courseId, input: { date, reason: reason.trim() } });
          }}
        >
          Avlys kursdagen
        </Button>
      </fieldset>

      <FormError>{error ?? (close.isError || cancel.isError ? 'Kunne ikke avlyse. Er datoen allerede avlyst?' : null)}</FormError>
      {done ? (
        <p role="status" className="rounded-xl bg-success-bg p-3 font-medium text-success">
          {done.cancelled.length === 0 ? 'Ingen kurs har time den dagen.' : `Avlyst: ${done.cancelled.length} kursdag(er). ${done.families} familie(r) har fått e-post.`}
        </p>
      ) : null}
    </div>
  );
}
