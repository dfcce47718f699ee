import { countOf, formatDate, formatTime } from '@/lib/format';
import { useCourseChanges } from '../api/changes';

const CHOSEN = { makeup: 'erstatningstime', refund: 'pengene tilbake', credit: 'tilgodebeløp', closed: 'lukket (meldt av)' } as const;

/** A titled list of children by date ('Erstatningstimer', 'Meldt fravær'); nothing when there are none. */
function ChildrenByDate({ title, rows }: { title: string; rows: readonly { childId: string; firstName: string; lastName: string; date: string }[] }) {
  if (rows.length === 0) return null;
  return (
    <div>
      <p className="font-semibold">{title}</p>
      <ul>
        {rows.map((r) => (
          <li key={`${r.childId}/${r.date}`}>
            {formatDate(r.date)}: {r.firstName} {r.lastName}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** On the instructor's list and attendance: cancelled dates ('Avlyst'), absences ('Meldt fravær'), make-up children and head counts by date. */
export function CourseChanges({ courseId, showChoices = false }: { courseId: string; showChoices?: boolean }) {
  const changes = useCourseChanges(courseId);
  const data = changes.data;
  if (!data || (data.cancelled.length === 0 && data.makeups.length === 0 && data.absences.length === 0)) return null;
  return (
    <section aria-label="Endringer" className="mb-4 space-y-2 rounded-xl bg-sun-50 p-3 text-sm" data-testid="course-changes">
      {data.cancelled.map((c) => (
        <p key={c._id}>
          <strong>Avlyst</strong> {formatDate(c.date)} kl. {formatTime(c.date)}: {c.reason}
        </p>
      ))}
      <ChildrenByDate title="Erstatningstimer" rows={data.makeups} />
      <ChildrenByDate title="Meldt fravær" rows={data.absences} />
      {data.headcounts.length ? (
        <div>
          <p className="font-semibold">Antall barn</p>
          <ul>
            {data.headcounts.map((h) => (
              <li key={h.date}>
                {formatDate(h.date)}: {countOf(h.count, 'barn', 'barn')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {showChoices && data.choices.length ? (
        <div>
          <p className="font-semibold">Familienes valg</p>
          <ul>
            {data.choices.map((c) => (
              <li key={`${c.childId}/${c.date}`}>
                {formatDate(c.date)}: {c.firstName} {c.lastName} – {c.choice ? CHOSEN[c.choice] : 'ikke valgt ennå'}
                {c.chosenBy === 'default' ? ' (standard)' : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
