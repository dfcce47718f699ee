import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Child, ChildCourse, Profile } from '@shared/api';
import { heldDatesLabel } from '@/components/cancelled-dates';
import { FamilyLapsesNote } from '@/components/family-lapses-note';
import { paths } from '@/config/paths';
import { compareCodeUnits, courseDisplayName, displayPhone, formatAge, formatDate, freePlacesLabel, fullName, osloWeekday, weekdayPlural } from '@/lib/format';
import { childCourseStatus, type ChildCourseStatus } from './course-status';
import { TitledSection } from '@/components/ui/titled-section';

const STATUS_STYLE: Record<ChildCourseStatus, string> = {
  Påmeldt: 'bg-aqua-100 text-aqua-700',
  Pågår: 'bg-sea-100 text-sea-900',
  Fullført: 'bg-white text-muted ring-1 ring-line',
};

interface CourseWithStatus {
  course: ChildCourse;
  status: ChildCourseStatus;
  first: string | undefined;
  last: string | undefined;
}

function withStatus(course: ChildCourse, now: Date): CourseWithStatus {
  const sorted = [...course.dates].sort();
  return { course, status: childCourseStatus(course.dates, now), first: sorted[0], last: sorted[sorted.length - 1] };
}

/** Colour codes for children who share first and last name (spec §2), one per name. */
const DUPLICATE_STYLES = ['border-l-8 border-l-amber-500', 'border-l-8 border-l-fuchsia-600', 'border-l-8 border-l-teal-600', 'border-l-8 border-l-indigo-600'];

const nameKey = (c: Pick<Child, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim().toLocaleLowerCase('nb-NO');

/** Child id → colour class, for names that more than one child of the profile has. */
export function duplicateNameColours(children: readonly Child[]): Map<string, string> {
  const groups = new Map<string, Child[]>();
  for (const child of children) groups.set(nameKey(child), [...(groups.get(nameKey(child)) ?? []), child]);
  const colours = new Map<string, string>();
  let i = 0;
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const style = DUPLICATE_STYLES[i++ % DUPLICATE_STYLES.length]!;
    for (const child of group) colours.set(child._id, style);
  }
  return colours;
}

interface CourseExtras {
  /** Free places per course (from the course history call), shown on the row. */
  freePlacesOf?: (courseId: string) => number | undefined;
  /** Admin: the course id on each row. */
  showCourseIds?: boolean;
}

function CourseItem({ item, action, freePlacesOf, showCourseIds }: { item: CourseWithStatus; action?: ReactNode } & CourseExtras) {
  const { course, status, first, last } = item;
  const free = freePlacesOf?.(course._id);
  const done = status === 'Fullført';
  return (
    <li className={`flex flex-col gap-3 rounded-xl border p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4 ${done ? 'border-line bg-sand-50 text-muted' : 'border-sea-200 bg-white'}`}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className={`font-bold ${done ? '' : 'text-sea-900'}`}>{courseDisplayName(course)}</span>
          <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_STYLE[status]}`}>{status}</span>
        </p>
        <p>
          <Link to={paths.place(course.place.slug || course.place.name)} className="font-medium text-sea-800 underline">
            {course.place.name}, {course.place.place}
          </Link>
        </p>
        <p className="text-sm">
          {weekdayPlural(first ? osloWeekday(first) : null)} kl. {course.timeFrom}–{course.timeTo} · {formatDate(first)} –{' '}
          {formatDate(last)} · {heldDatesLabel(course)}
          {free !== undefined && !done ? ` · ${freePlacesLabel(free)}` : ''}
        </p>
        {showCourseIds ? <p className="font-mono text-sm break-all text-muted">Kurs-id: {course._id}</p> : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </li>
  );
}

function ChildCard({
  child,
  now,
  courseAction,
  childAction,
  duplicateStyle,
  ...extras
}: {
  child: Child;
  now: Date;
  courseAction?: (child: Child, course: ChildCourse) => ReactNode;
  childAction?: (child: Child) => ReactNode;
  duplicateStyle?: string;
} & CourseExtras) {
  const courses = child.courses.map((course) => withStatus(course, now));
  const byFirst = (a: CourseWithStatus, b: CourseWithStatus) => compareCodeUnits(a.first ?? '', b.first ?? '');
  const byLastDesc = (a: CourseWithStatus, b: CourseWithStatus) => compareCodeUnits(b.last ?? '', a.last ?? '');
  const lists = [
    { title: 'Påmeldte kurs', empty: 'Ingen påmeldte kurs', items: courses.filter((c) => c.status !== 'Fullført').sort(byFirst) },
    { title: 'Kurshistorikk', empty: 'Ingen kurshistorikk', items: courses.filter((c) => c.status === 'Fullført').sort(byLastDesc) },
  ];
  const headingId = `barn-${child._id}`;
  return (
    <article aria-labelledby={headingId} className={`rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-6 ${duplicateStyle ?? ''}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-xl font-bold text-sea-900">
            {fullName(child)}
          </h3>
          <p className="mt-1 text-muted">
            {formatAge(child.birthdate, now)} · født {formatDate(child.birthdate)}
          </p>
          {duplicateStyle ? <p className="mt-1 text-sm font-semibold">Samme navn som et annet barn på profilen</p> : null}
        </div>
        {childAction?.(child)}
      </div>
      {lists.map(({ title, empty, items }) => (
        <Fragment key={title}>
          <h4 className="mt-5 mb-2 font-bold text-sea-900">{title}</h4>
          {items.length ? (
            <ul className="space-y-2">
              {items.map((item) => (
                <CourseItem key={item.course._id} item={item} action={courseAction?.(child, item.course)} {...extras} />
              ))}
            </ul>
          ) : (
            <p className="text-muted">{empty}</p>
          )}
        </Fragment>
      ))}
    </article>
  );
}

interface ProfileViewProps extends CourseExtras {
  profile: Profile;
  now?: Date;
  /** Per guardian (index 0 owns the profile), e.g. 'Fjern'. */
  parentAction?: (parent: Profile['parents'][number], index: number) => ReactNode;
  /** Per child, e.g. 'Endre'. */
  childAction?: (child: Child) => ReactNode;
  /** Per course, e.g. the calendar download (composed by the route). */
  courseAction?: (child: Child, course: ChildCourse) => ReactNode;
  /** Beside the 'Barn' heading, e.g. 'Legg til barn'. */
  childrenAction?: ReactNode;
}

/** Spec §2 profile page body: guardians, then each child with upcoming courses and course history. */
export function ProfileView({ profile, now = new Date(), courseAction, childrenAction, parentAction, childAction, ...extras }: ProfileViewProps) {
  const duplicates = duplicateNameColours(profile.children);
  return (
    <div className="space-y-10">
      <FamilyLapsesNote lapses={profile.familyLapses} audience="family" />
      <TitledSection id="foresatte-tittel" title="Foresatte" titleClassName="mb-4 text-2xl font-bold text-sea-900">
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {profile.parents.map((parent, index) => (
            <li key={parent._id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="min-w-0 text-lg font-bold text-sea-900">
                  {fullName(parent)}
                  {index === 0 && profile.parents.length > 1 ? <span className="ml-2 text-sm font-semibold text-muted">(eier)</span> : null}
                </p>
                {parentAction?.(parent, index)}
              </div>
              <dl className="mt-2 grid grid-cols-[5rem_minmax(0,1fr)] gap-x-3 gap-y-1">
                <dt className="font-semibold">Telefon</dt>
                <dd>{displayPhone(parent.phone)}</dd>
                <dt className="font-semibold">E-post</dt>
                <dd className="break-all">{parent.email || 'Ikke oppgitt'}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </TitledSection>

      <section aria-labelledby="barn-tittel">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="barn-tittel" className="text-2xl font-bold text-sea-900">
            Barn
          </h2>
          {childrenAction}
        </div>
        {duplicates.size > 0 ? (
          <p role="note" className="mb-4 rounded-xl bg-sand-100 p-3">
            Noen barn har samme for- og etternavn. De er merket med samme farge; sjekk fødselsdatoen før du bestiller.
          </p>
        ) : null}
        {profile.children.length ? (
          <ul className="space-y-4">
            {profile.children.map((child) => (
              <li key={child._id}>
                <ChildCard
                  child={child}
                  now={now}
                  courseAction={courseAction}
                  childAction={childAction}
                  duplicateStyle={duplicates.get(child._id)}
                  {...extras}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-2xl bg-sand-100 p-5">Ingen barn er registrert på denne profilen ennå.</p>
        )}
      </section>
    </div>
  );
}
