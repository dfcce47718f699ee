import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { RegisteredChild, RegisteredParent } from '@shared/api';
import {
  defaultRegistrationRange,
  REGISTRATION_PRESETS,
  registrationPresetRange,
  registrationQuery,
  type DayRange,
} from '@shared/registration-periods';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatAge, formatDate, formatDateTime, osloDateKey } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUsersByRegistrationDate } from '@/features/users/api/users';

/** Spec §5: the day-range selection is debounced 300 ms. */
const RANGE_DEBOUNCE_MS = 300;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function ParentCard({ parent }: { parent: RegisteredParent }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-line">
      <div className="min-w-0">
        <p className="font-semibold text-sea-900">
          {parent.firstName} {parent.lastName}
        </p>
        <p className="text-sm text-muted">{parent.email ?? 'Ikke oppgitt'}</p>
        <p className="text-sm text-muted">Registrert {formatDateTime(parent.registrationDate)}</p>
      </div>
      {parent.profileId ? (
        <Link
          to={paths.profileById(parent.profileId)}
          className="inline-flex min-h-11 items-center rounded-full border-2 border-sea-800 px-4 font-semibold text-sea-800 no-underline hover:bg-sea-50"
          aria-label={`Se profil: ${parent.firstName} ${parent.lastName}`}
        >
          Se profil
        </Link>
      ) : null}
    </li>
  );
}

function ChildCard({ child }: { child: RegisteredChild }) {
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-line">
      <p className="font-semibold text-sea-900">
        {child.firstName} {child.lastName}
      </p>
      <p className="text-sm text-muted">
        Født {formatDate(child.birthdate)} ({formatAge(child.birthdate)})
      </p>
      <p className="text-sm text-muted">Registrert {formatDateTime(child.registrationDate)}</p>
    </li>
  );
}

/** The user-registrations example page (spec §2): users and children registered in a period. */
export function UserRegistrations() {
  const id = useId();
  const today = osloDateKey(new Date());
  const [range, setRange] = useState<DayRange>(() => defaultRegistrationRange(today));
  const debounced = useDebouncedValue(range, RANGE_DEBOUNCE_MS);
  const valid = DAY.test(debounced.start) && DAY.test(debounced.end) && debounced.start <= debounced.end;
  const query = useMemo(() => (valid ? registrationQuery(debounced) : null), [valid, debounced]);
  const { data, isFetching, isError } = useUsersByRegistrationDate(query);

  useEffect(() => {
    if (isError) toast.error('Kunne ikke hente brukere basert på registreringsdato');
  }, [isError]);

  // An invalid period shows no result: the last valid one's (kept as placeholder data) would look like its answer.
  const shown = isError || !valid ? undefined : data;
  const parents = shown?.parents ?? [];
  const children = shown?.children ?? [];
  const listsId = `${id}-lists`;
  const dateField = (key: 'start' | 'end', label: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-${key}`} className="font-semibold text-sea-900">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type="date"
        value={range[key]}
        min={key === 'end' ? range.start || undefined : undefined}
        max={key === 'start' ? range.end || undefined : undefined}
        onChange={(e) => setRange((r) => ({ ...r, [key]: e.target.value }))}
        className="w-full rounded-xl border-2 border-sea-700/70 bg-white px-3 py-2.5 text-base text-ink"
      />
    </div>
  );
  const list = (key: string, title: string, items: ReactNode[], none: string) => (
    <section aria-labelledby={`${id}-${key}`} className="space-y-3">
      <h3 id={`${id}-${key}`} className="text-xl font-bold text-sea-900">
        {title}
      </h3>
      {items.length ? (
        <ul className="space-y-3">{items}</ul>
      ) : shown || isError ? (
        <p className="rounded-xl bg-sand-100 p-4 text-muted">{none} registrert i valgt periode.</p>
      ) : null}
    </section>
  );

  return (
    <div className="space-y-8">
      <div className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {dateField('start', 'Fra dato')}
          {dateField('end', 'Til dato')}
        </div>
        <div role="group" aria-label="Velg periode" className="flex flex-wrap gap-2">
          {REGISTRATION_PRESETS.map((preset) => {
            const presetRange = registrationPresetRange(preset, today);
            const active = presetRange.start === range.start && presetRange.end === range.end;
            return (
              <button
                key={preset}
                type="button"
                aria-pressed={active}
                aria-controls={listsId}
                onClick={() => setRange(presetRange)}
                className={`min-h-11 rounded-full border-2 px-4 font-semibold ${
                  active ? 'border-sea-800 bg-sea-800 text-white' : 'border-sea-800 bg-white text-sea-800 hover:bg-sea-50'
                }`}
              >
                {preset}
              </button>
            );
          })}
        </div>
      </div>

      <section id={listsId} aria-labelledby={`${id}-heading`} aria-busy={isFetching} className="space-y-6">
        <h2 id={`${id}-heading`} className="text-2xl font-bold text-sea-900">
          Brukere registrert i valgt periode
        </h2>
        <div role="status" aria-live="polite" className="space-y-1">
          {valid ? (
            <p className="text-muted" data-testid="registration-period">
              {formatDate(`${debounced.start}T12:00:00Z`)} – {formatDate(`${debounced.end}T12:00:00Z`)}
            </p>
          ) : (
            <p className="text-danger">Velg en gyldig periode (fra-datoen kan ikke være etter til-datoen).</p>
          )}
          {isFetching && !shown ? <p>Laster brukere...</p> : null}
          {shown ? <p className="text-lg font-semibold text-sea-900">Antall brukere: {shown.parentCount + shown.childCount}</p> : null}
          {isFetching && shown ? <p className="text-sm text-muted">Laster brukere...</p> : null}
        </div>
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
          {list('parents', `Foreldre (${shown?.parentCount ?? 0})`, parents.map((p) => <ParentCard key={p._id} parent={p} />), 'Ingen foreldre')}
          {list('children', `Barn (${shown?.childCount ?? 0})`, children.map((c) => <ChildCard key={c._id} child={c} />), 'Ingen barn')}
        </div>
      </section>
    </div>
  );
}
