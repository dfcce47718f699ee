import { useState } from 'react';
import type { CourseParticipants } from '@shared/course-admin';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/form';
import { countOf, formatDate, fullName, osloDateKey, relativeDayLabel } from '@/lib/format';
import { usePendingMarks } from '../hooks/use-pending-marks';
import { ParticipantCare } from './participant-care';

/** Today's date of the course, else the last one that has come, else (none has) the first. */
function defaultDate(dates: readonly string[], now = new Date()): string | undefined {
  const today = osloDateKey(now);
  return dates.findLast((d) => osloDateKey(d) <= today) ?? dates[0];
}

/** Attendance is kept for dates that have come: today's lesson from the morning, never a later one (the server agrees). */
const hasCome = (date: string, now = new Date()) => osloDateKey(date) <= osloDateKey(now);

const STATUS_TEXT = {
  saved: 'Alt er lagret',
  sending: 'Lagrer…',
  waiting: 'venter på nett',
  failed: 'Noen markeringer ble ikke godtatt. Prøv igjen.',
} as const;

type DatedChild = { childId: string; firstName: string; lastName: string; date: string };

/**
 * Attendance at the pool: one large button per child and date (tap: present, again: away), through a dropped network.
 * `absences`: children reported absent ('Meldt fravær') by date; they are not counted as expected that date.
 * `makeups`: children visiting on a make-up date ('Erstatningstime'); they are on the sheet that date only.
 */
export function AttendanceSheet({ list, absences = [], makeups = [] }: { list: CourseParticipants; absences?: readonly DatedChild[]; makeups?: readonly DatedChild[] }) {
  const { course } = list;
  const [date, setDate] = useState(() => defaultDate(course.dates));
  const { marks, mark, pending, state } = usePendingMarks(course._id, list.attendance);
  // 'Meldt fravær' (decision 061): those children are not expected that date, and the head count goes down.
  const absent = new Set(absences.filter((a) => a.date === date).map((a) => a.childId));
  const children = [
    ...list.participants.map((p) => ({ _id: p._id, firstName: p.firstName, lastName: p.lastName, participant: p })),
    ...makeups.filter((m) => m.date === date).map((m) => ({ _id: m.childId, firstName: m.firstName, lastName: m.lastName, participant: null })),
  ];
  const presentCount = date ? children.filter((p) => marks.get(`${p._id}|${date}`) === true).length : 0;

  if (!date) return <p>Kurset har ingen datoer.</p>;
  const notYet = !hasCome(date);
  return (
    <div className="space-y-4">
      <Select
        id="oppmote-dato"
        label="Dato"
        value={date}
        onChange={(e) => setDate(e.target.value)}
        options={course.dates.map((d) => ({ value: d, label: `${formatDate(d)}${relativeDayLabel(d) ? ` (${relativeDayLabel(d)})` : ''}` }))}
      />
      <p role="status" className={`rounded-xl p-3 font-semibold ${state === 'saved' ? 'bg-success-bg text-success' : state === 'failed' ? 'bg-danger-bg text-danger' : 'bg-warning-bg text-warning'}`}>
        {presentCount} av {children.length - absent.size} til stede ·{' '}
        {state === 'waiting' ? `${countOf(pending, 'markering', 'markeringer')} ${STATUS_TEXT.waiting}` : STATUS_TEXT[state]}
      </p>
      {list.participants.length === 0 ? <p>Ingen påmeldte</p> : null}
      {notYet ? <p className="rounded-xl bg-sand-100 p-3 font-medium">Oppmøte kan føres fra {formatDate(date)}.</p> : null}
      <ul className="space-y-2">
        {children.map((p) => {
          const present = marks.get(`${p._id}|${date}`);
          return (
            <li key={p._id}>
              <Button
                variant={present ? 'primary' : 'secondary'}
                aria-pressed={present === true}
                disabled={notYet}
                onClick={() => mark(p._id, date, !present)}
                className="min-h-16 w-full justify-between rounded-2xl text-left text-lg"
              >
                <span className="min-w-0 flex-1 text-left break-words">
                  {fullName(p)}
                  {p.participant ? null : <span className="block text-sm font-normal">Erstatningstime</span>}
                </span>
                <span aria-hidden="true" className="shrink-0 text-base">
                  {present === true ? '✓ Til stede' : present === false ? 'Borte' : absent.has(p._id) ? 'Meldt fravær' : 'Ikke registrert'}
                </span>
              </Button>
              {p.participant ? <ParticipantCare courseId={course._id} participant={p.participant} guardians /> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
