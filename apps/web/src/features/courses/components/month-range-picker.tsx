import { useId, useState } from 'react';
import { PICKER_MIN_DATE } from '@shared/constants';
import { monthRange } from '@shared/course-form';
import { Button } from '@/components/ui/button';

interface MonthRangePickerProps {
  /** A complete range (epoch ms), or null to go back to the default window. */
  onChange: (range: { startDate: number; endDate: number } | null) => void;
}

const MIN_MONTH = PICKER_MIN_DATE.slice(0, 7);

/** Spec §2/§5 month-range picker: only a complete start and end month filter; the end month's last second included. */
export function MonthRangePicker({ onChange }: MonthRangePickerProps) {
  const id = useId();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const update = (nextStart: string, nextEnd: string) => {
    setStart(nextStart);
    setEnd(nextEnd);
    if (!nextStart || !nextEnd) {
      setProblem(null);
      return;
    }
    const range = monthRange(nextStart, nextEnd);
    setProblem(range ? null : 'Sluttmåneden kan ikke være før startmåneden');
    if (range) onChange(range);
  };

  return (
    <fieldset className="rounded-2xl border border-line bg-white p-4">
      <legend className="px-1 font-semibold text-sea-900">Velg start- og sluttdato</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-fra`} className="text-sm font-semibold">
            Fra måned
          </label>
          <input
            id={`${id}-fra`}
            type="month"
            min={MIN_MONTH}
            value={start}
            onChange={(e) => update(e.target.value, end)}
            className="min-h-11 rounded-xl border-2 border-sea-700/70 px-3"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-til`} className="text-sm font-semibold">
            Til måned
          </label>
          <input
            id={`${id}-til`}
            type="month"
            min={start || MIN_MONTH}
            value={end}
            onChange={(e) => update(start, e.target.value)}
            className="min-h-11 rounded-xl border-2 border-sea-700/70 px-3"
          />
        </div>
        {start || end ? (
          <Button
            variant="ghost"
            onClick={() => {
              setStart('');
              setEnd('');
              setProblem(null);
              onChange(null);
            }}
          >
            Nullstill
          </Button>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
