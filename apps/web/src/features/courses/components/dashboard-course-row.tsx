import { useId, useState } from 'react';
import type { Course } from '@shared/api';
import { DisclosureButton } from '@/components/ui/disclosure-button';
import { formatCourseDate, freePlacesLabel, fullName, participantNames, weekdayPlural, formatKr, krToOre } from '@/lib/format';

/** A course in a dashboard box: time, level and place; it expands for dates, instructors, participants and free places. */
export function DashboardCourseRow({ course, now }: { course: Course; now: number }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const title = course.name.trim() || course.experienceLevel;
  const instructors = course.instructors.length ? course.instructors.map(fullName).join(', ') : 'Foreløpig ukjent';
  return (
    <article data-course-id={course._id} className="rounded-xl border border-line bg-sand-50">
      <DisclosureButton
        open={open}
        controls={detailsId}
        onToggle={() => setOpen((v) => !v)}
        className="flex min-h-11 w-full items-start gap-3 rounded-xl p-3 text-left hover:bg-sea-50"
        chevronClassName={`mt-0.5 size-6 shrink-0 rounded-full bg-white p-1 text-sea-800 transition-transform ${open ? 'rotate-180' : ''}`}
      >
        <span className="min-w-0">
          <span className="block font-semibold text-sea-900">
            {course.timeFrom}–{course.timeTo} · {title}
          </span>
          <span className="block text-sm text-muted">
            {course.place.name} · {weekdayPlural(course.weekday)} · {course.participantsCount}/{course.maximumParticipants} påmeldt
          </span>
        </span>
      </DisclosureButton>
      <div id={detailsId} hidden={!open} className="border-t border-line px-3 pt-2 pb-3 text-sm">
        <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1">
          <dt className="font-semibold">Nivå</dt>
          <dd>{course.experienceLevel}</dd>
          <dt className="font-semibold">Alder</dt>
          <dd>{course.participantsAge || 'Nytt kurs'}</dd>
          <dt className="font-semibold">Instruktører</dt>
          <dd>{instructors}</dd>
          <dt className="font-semibold">Pris</dt>
          <dd>{formatKr(krToOre(course.price))}</dd>
          <dt className="font-semibold">Ledige plasser</dt>
          <dd>{freePlacesLabel(course.freePlaces)}</dd>
          {course.participants ? (
            <>
              <dt className="font-semibold">Deltakere</dt>
              <dd>{course.participants.length ? participantNames(course.participants) : 'Ingen påmeldte'}</dd>
            </>
          ) : null}
        </dl>
        <h3 className="mt-2 font-semibold">Datoer</h3>
        <ul className="mt-1 flex flex-wrap gap-1.5">
          {course.dates.map((date) => {
            const past = Date.parse(date) < now;
            return (
              <li
                key={date}
                data-past={past || undefined}
                className={`rounded-full px-2 py-0.5 ${past ? 'bg-sand-200 text-muted line-through' : 'bg-sea-50 text-sea-900'}`}
              >
                {formatCourseDate(date, course.timeFrom)}
                {past ? <span className="sr-only"> (passert)</span> : null}
              </li>
            );
          })}
        </ul>
      </div>
    </article>
  );
}
