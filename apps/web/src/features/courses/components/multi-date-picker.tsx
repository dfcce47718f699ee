import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { DayButton, DayPicker, type DayButtonProps } from 'react-day-picker';
import { nb } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { PICKER_MIN_DATE, PICKER_TYPING_TIMEOUT_MS } from '@shared/constants';
import { parseTypedDay } from '@shared/course-form';
import { countOf, formatDate } from '@/lib/format';
import type { HolidayLabel } from './holiday-label';

interface MultiDatePickerProps {
  id: string;
  /** Chosen days, 'YYYY-MM-DD' (Oslo calendar days). */
  value: readonly string[];
  onChange: (days: string[]) => void;
  /** Marks holidays in the calendar, with their names in the day's label (not disabled: a course may still meet). */
  holidays?: HolidayLabel;
  invalid?: boolean;
  /** The id of the element naming the picker (the form's 'Datoer'). */
  labelledBy?: string;
  describedBy?: string;
}

const [minY, minM, minD] = PICKER_MIN_DATE.split('-').map(Number) as [number, number, number];
const MIN_DATE = new Date(minY, minM - 1, minD);

const toKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const fromKey = (key: string) => {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** Spec §2/§5 multi-date picker (nb, from Monday, from August 2024); a typed date toggles 700 ms after the last key. */
export function MultiDatePicker({ id, value, onChange, holidays, invalid, labelledBy, describedBy }: MultiDatePickerProps) {
  const typedId = useId();
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  useEffect(() => {
    if (!typed.trim()) {
      setTypedError(null);
      return;
    }
    const timer = window.setTimeout(() => {
      const day = parseTypedDay(typed);
      if (!day || day < PICKER_MIN_DATE) {
        setTypedError('Skriv datoen som ÅÅÅÅ-MM-DD, tidligst august 2024');
        return;
      }
      const { value: current, onChange: change } = latest.current;
      change(current.includes(day) ? current.filter((d) => d !== day) : [...current, day].sort());
      setTyped('');
      setTypedError(null);
    }, PICKER_TYPING_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const holidayOn = (date: Date) => holidays?.(toKey(date)) ?? null;
  // One component type per `holidays` (a new one each render would remount every day button and lose focus).
  const components = useMemo(
    () => ({
      DayButton: (props: DayButtonProps) => <DayButton {...props} title={(holidays?.(toKey(props.day.date)) ?? undefined) || undefined} />,
    }),
    [holidays],
  );
  const selected = value.map(fromKey);
  const first = value.length ? fromKey([...value].sort()[0]!) : undefined;

  return (
    <div
      id={id}
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
      className={`rounded-xl border-2 p-2 ${invalid ? 'border-danger' : 'border-line'}`}
    >
      <DayPicker
        mode="multiple"
        locale={nb}
        weekStartsOn={1}
        startMonth={MIN_DATE}
        defaultMonth={first ?? (new Date() < MIN_DATE ? MIN_DATE : new Date())}
        disabled={{ before: MIN_DATE }}
        selected={selected}
        onSelect={(days) => onChange((days ?? []).map(toKey).sort())}
        modifiers={{ holiday: (date: Date) => holidayOn(date) !== null }}
        modifiersClassNames={{ holiday: 'rdp-holiday' }}
        // The holiday's name is read with the day ('mandag 6. april 2026, Andre påskedag') and shown on hover.
        labels={{
          labelDayButton: (date, modifiers, options, dateLib) => {
            const own = nb.labels?.labelDayButton;
            const label = typeof own === 'function' ? own(date, modifiers, options, dateLib) : formatDate(date);
            const name = holidayOn(date);
            return name ? `${label}, ${name}` : label;
          },
        }}
        components={components}
        footer={
          <p className="mt-2 text-sm text-muted" aria-live="polite">
            {value.length === 0 ? 'Ingen datoer valgt' : `${countOf(value.length, 'dato', 'datoer')} valgt`}
            {holidays ? ' · helligdager og skoleferier er merket' : ''}
          </p>
        }
      />
      <div className="mt-2 flex flex-col gap-1">
        <label htmlFor={typedId} className="text-sm font-semibold text-sea-900">
          Skriv inn dato (ÅÅÅÅ-MM-DD)
        </label>
        <input
          id={typedId}
          value={typed}
          inputMode="numeric"
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
          className="min-h-11 rounded-xl border-2 border-sea-700/70 px-3 py-2"
          aria-invalid={typedError ? true : undefined}
          aria-describedby={typedError ? `${typedId}-feil` : undefined}
        />
        {typedError ? (
          <p id={`${typedId}-feil`} className="text-sm font-medium text-danger">
            {typedError}
          </p>
        ) : null}
      </div>
      {value.length ? (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Valgte datoer">
          {[...value].sort().map((day) => (
            <li key={day} className="rounded-full bg-sea-50 px-2.5 py-1 text-sm text-sea-900">
              {formatDate(fromKey(day))}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
