import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatDate, formatTime } from '@/lib/format';
import { useCancelCourseDate, useClosePlace } from '../api/changes';

const input = 'mt-1 w-full rounded-lg border border-sand-300 p-2';

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
      <label className="block font-medium">
        Kurssted
        <select className={input} value={placeId} onChange={(e) => setPlaceId(e.target.value)}>
          <option value="">Velg kurssted</option>
          {places.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="block font-medium">
        Grunn (familiene ser den)
        <textarea className={input} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
      </label>

      <fieldset className="rounded-2xl border border-sand-200 p-4">
        <legend className="px-1 font-bold">Bassenget er stengt</legend>
        <label className="block font-medium">
          Dato
          <input type="date" className={input} value={day} onChange={(e) => setDay(e.target.value)} />
        </label>
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
        <label className="block font-medium">
          Kurs og dato
          <select className={input} value={courseDate} onChange={(e) => setCourseDate(e.target.value)}>
            <option value="">Velg kursdag</option>
            {courses.flatMap((c) =>
              c.dates.map((d) => (
                <option key={`${c._id}|${d}`} value={`${c._id}|${d}`}>
                  {c.name || c.experienceLevel} · {formatDate(d)} kl. {formatTime(d)}
                </option>
              )),
            )}
          </select>
        </label>
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

      {error || close.isError || cancel.isError ? (
        <p role="alert" className="rounded-xl bg-danger-bg p-3 font-medium text-danger">
          {error ?? 'Kunne ikke avlyse. Er datoen allerede avlyst?'}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="rounded-xl bg-success-bg p-3 font-medium text-success">
          {done.cancelled.length === 0 ? 'Ingen kurs har time den dagen.' : `Avlyst: ${done.cancelled.length} kursdag(er). ${done.families} familie(r) har fått e-post.`}
        </p>
      ) : null}
    </div>
  );
}
