import type { Profile } from '@shared/api';
import { compareCodeUnits, courseDisplayName, formatAge, formatCourseDate, freePlacesLabel, fullName, osloDateKey, relativeDayLabel, weekdayName, osloWeekday } from '@/lib/format';
import { TitledSection } from '@/components/ui/titled-section';

const DAY_MS = 24 * 3600 * 1000;

/** Spec §9: the upcoming window is now until the end of the day two days ahead (Oslo days). */
export function upcomingSessions(profile: Profile, now: Date) {
  const lastDay = osloDateKey(new Date(now.getTime() + 2 * DAY_MS));
  return profile.children
    .flatMap((child) =>
      child.courses.flatMap((course) =>
        course.dates
          .filter((d) => new Date(d).getTime() >= now.getTime() - 60 * 60_000 && osloDateKey(d) <= lastDay)
          .map((date) => ({ child, course, date })),
      ),
    )
    .sort((a, b) => compareCodeUnits(a.date, b.date));
}

/** 'Kommende kurs': the family's course sessions from now until the end of the day after tomorrow. */
export function UpcomingCourses({
  profile,
  now = new Date(),
  freePlacesOf,
}: {
  profile: Profile;
  now?: Date;
  freePlacesOf?: (courseId: string) => number | undefined;
}) {
  const sessions = upcomingSessions(profile, now);
  return (
    <TitledSection id="kommende-kurs-tittel" title="Kommende kurs" titleClassName="mb-4 text-2xl font-bold text-sea-900">
      {sessions.length === 0 ? (
        <p className="text-muted">Ingen kurs de neste dagene.</p>
      ) : (
        <ul className="space-y-2">
          {sessions.map(({ child, course, date }) => {
            const free = freePlacesOf?.(course._id);
            const day = relativeDayLabel(date, now) ?? weekdayName(osloWeekday(date));
            return (
              <li key={`${child._id}-${course._id}-${date}`} className="rounded-xl border border-sea-200 bg-white p-3 sm:p-4">
                <p className="font-bold text-sea-900">
                  {day} {formatCourseDate(date, course.timeFrom)}–{course.timeTo}
                </p>
                <p>
                  {fullName(child)} ({formatAge(child.birthdate, now)}) · {courseDisplayName(course)} · {course.place.name},{' '}
                  {course.place.place}
                </p>
                {free !== undefined ? <p className="text-sm text-muted">{freePlacesLabel(free)}</p> : null}
              </li>
            );
          })}
        </ul>
      )}
    </TitledSection>
  );
}
