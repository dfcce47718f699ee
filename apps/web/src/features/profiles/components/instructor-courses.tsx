import type { ProfileOverview } from '@shared/api/family';
import { formatDate, osloWeekday, weekdayPlural } from '@/lib/format';

/** 'Som instruktør': the courses the profile's owner teaches, from now on. */
export function InstructorCourses({ courses }: { courses: ProfileOverview['instructorCourses'] }) {
  if (courses.length === 0) return null;
  return (
    <section aria-labelledby="som-instruktor-tittel">
      <h2 id="som-instruktor-tittel" className="mb-4 text-2xl font-bold text-sea-900">
        Som instruktør
      </h2>
      <ul className="space-y-2">
        {courses.map((c) => {
          const first = [...c.dates].sort()[0];
          const last = [...c.dates].sort().at(-1);
          return (
            <li key={c._id} className="rounded-xl border border-sea-200 bg-white p-3 sm:p-4">
              <p className="font-bold text-sea-900">{c.name || c.experienceLevel}</p>
              <p>
                {c.place.name}, {c.place.place}
              </p>
              <p className="text-sm">
                {weekdayPlural(first ? osloWeekday(first) : null)} kl. {c.timeFrom}–{c.timeTo} · {formatDate(first)} – {formatDate(last)}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
