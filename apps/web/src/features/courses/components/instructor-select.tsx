import { useEffect, useId, useRef, useState } from 'react';
import { INSTRUCTOR_SELECT_MAX_NAMES, INSTRUCTOR_UNKNOWN_VALUE } from '@shared/constants';
import { instructorSelectLabel } from '@shared/course-form';

export interface InstructorOption {
  id: string;
  name: string;
}

interface InstructorSelectProps {
  id: string;
  labelId: string;
  options: readonly InstructorOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
}

/**
 * Spec §2 instructors multi-select: 'Foreløpig ukjent' (value '1') means no instructor yet and excludes the others;
 * the button shows up to 3 names, then '{n} options selected'. A disclosure with checkboxes (keyboard: Tab, Space,
 * Escape). Replaced by the UI kit's MultiSelect (issue 8) when it lands.
 */
export function InstructorSelect({ id, labelId, options, value, onChange }: InstructorSelectProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const names = options.filter((o) => value.includes(o.id)).map((o) => o.name);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const toggle = (optionId: string, checked: boolean) => {
    if (optionId === INSTRUCTOR_UNKNOWN_VALUE) onChange([]);
    else onChange(checked ? [...value, optionId] : value.filter((v) => v !== optionId));
  };

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          document.getElementById(id)?.focus();
        }
      }}
    >
      <button
        id={id}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-labelledby={`${labelId} ${id}`}
        onClick={() => setOpen((v) => !v)}
        className="flex min-h-11 w-full items-center justify-between gap-2 rounded-xl border-2 border-sea-700/70 bg-white px-3 py-2 text-left"
      >
        <span>{instructorSelectLabel(names, INSTRUCTOR_SELECT_MAX_NAMES)}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M5 8l5 5 5-5" />
        </svg>
      </button>
      <div id={listId} hidden={!open} className="absolute z-10 mt-1 max-h-72 w-full overflow-y-auto rounded-xl border border-line bg-white p-2 shadow-lg">
        <fieldset>
          <legend className="sr-only">Instruktører</legend>
          {[{ id: INSTRUCTOR_UNKNOWN_VALUE, name: 'Foreløpig ukjent' }, ...options].map((option) => {
            const checked = option.id === INSTRUCTOR_UNKNOWN_VALUE ? value.length === 0 : value.includes(option.id);
            return (
              <label key={option.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-sea-50">
                <input
                  type="checkbox"
                  value={option.id}
                  className="size-5 accent-sea-800"
                  checked={checked}
                  onChange={(e) => toggle(option.id, e.target.checked)}
                />
                {option.name}
              </label>
            );
          })}
        </fieldset>
      </div>
    </div>
  );
}
