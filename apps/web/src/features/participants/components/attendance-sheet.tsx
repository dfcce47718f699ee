import { useMemo, useState } from 'react';
import type { CourseParticipants } from '@shared/course-admin';
import { Button } from '@/components/ui/button';
import { formatDate, fullName, osloDateKey, relativeDayLabel } from '@/lib/format';
import { useAttendanceQueue } from '../hooks/use-attendance-queue';

/** Today's date of the course, else the next one, else the last one. */
function defaultDate(dates: readonly string[], now = new Date()): string | undefined {
  const today = osloDateKey(now);
  return dates.find((d) => osloDateKey(d) === today) ?? dates.find((d) => new Date(d) > now) ?? dates.at(-1);
}

const STATUS_TEXT = {
  saved: 'Alt er lagret',
  sending: 'Lagrer…',
  waiting: 'venter på nett',
  failed: 'Noen markeringer ble ikke godtatt. Prøv igjen.',
} as const;

/**
 * Attendance on the phone at the pool: one large button per child (tap: present, tap again: away), for one date at
 * a time. Works through a dropped network (see useAttendanceQueue).
 */
export function AttendanceSheet({ list }: { list: CourseParticipants }) {
  const { course } = list;
  const [date, setDate] = useState(() => defaultDate(course.dates));
  const { marks, mark, pending, state } = useAttendanceQueue(course._id, list.attendance);
  const presentCount = useMemo(
    () => (date ? list.participants.filter((p) => marks.get(`${p._id}|${date}`) === true).length : 0),
    [date, list.participants, marks],
  );

  if (!date) return <p>Kurset har ingen datoer.</p>;
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="oppmote-dato" className="font-semibold text-sea-900">
          Dato
        </label>
        <select
          id="oppmote-dato"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          className="min-h-12 rounded-xl border-2 border-sea-700/70 bg-white px-3 text-lg"
        >
          {course.dates.map((d) => (
            <option key={d} value={d}>
              {formatDate(d)}
              {relativeDayLabel(d) ? ` (${relativeDayLabel(d)})` : ''}
            </option>
          ))}
        </select>
      </div>
      <p role="status" className={`rounded-xl p-3 font-semibold ${state === 'saved' ? 'bg-success-bg text-success' : state === 'failed' ? 'bg-danger-bg text-danger' : 'bg-warning-bg text-warning'}`}>
        {presentCount} av {list.participants.length} til stede ·{' '}
        {state === 'waiting' ? `${pending} ${pending === 1 ? 'markering' : 'markeringer'} ${STATUS_TEXT.waiting}` : STATUS_TEXT[state]}
      </p>
      {list.participants.length === 0 ? <p>Ingen påmeldte</p> : null}
      <ul className="space-y-2">
        {list.participants.map((p) => {
          const present = marks.get(`${p._id}|${date}`);
          return (
            <li key={p._id}>
              <Button
                variant={present ? 'primary' : 'secondary'}
                aria-pressed={present === true}
                onClick={() => mark(p._id, date, !present)}
                className="min-h-16 w-full justify-between rounded-2xl text-left text-lg"
              >
                <span className="min-w-0">{fullName(p)}</span>
                <span aria-hidden="true" className="shrink-0 text-base">
                  {present === true ? '✓ Til stede' : present === false ? 'Borte' : 'Ikke registrert'}
                </span>
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
