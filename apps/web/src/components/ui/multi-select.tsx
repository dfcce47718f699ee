import { useEffect, useId, useRef, useState } from 'react';

export interface MultiSelectOption {
  value: string;
  label: string;
}

/** The button text: the chosen names up to `maxNames`, then '{n} options selected' (spec §2); placeholder if none. */
export function multiSelectSummary(labels: readonly string[], maxNames: number, placeholder: string): string {
  if (labels.length === 0) return placeholder;
  if (labels.length <= maxNames) return labels.join(', ');
  return `${labels.length} options selected`;
}

interface MultiSelectProps {
  label: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Names shown before the count takes over (spec: 3 on the course form, 2 on the dashboard and the examples). */
  maxNames?: number;
  placeholder?: string;
  hint?: string;
}

/**
 * Choose several: a button that opens a list of checkboxes (a disclosure, so Tab, Space and Escape work as
 * everywhere else); the button names the choice. Closes on Escape and on a click outside.
 */
export function MultiSelect({ label, options, value, onChange, maxNames = 2, placeholder = 'Velg …', hint }: MultiSelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const chosen = options.filter((o) => value.includes(o.value)).map((o) => o.label);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const toggle = (optionValue: string, checked: boolean) =>
    onChange(checked ? options.map((o) => o.value).filter((v) => v === optionValue || value.includes(v)) : value.filter((v) => v !== optionValue));

  return (
    <div
      ref={root}
      className="relative flex flex-col gap-1.5"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <span id={`${id}-label`} className="font-semibold text-sea-900">
        {label}
      </span>
      {hint ? (
        <span id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </span>
      ) : null}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onClick={() => setOpen((v) => !v)}
        className="flex min-h-11 w-full items-center justify-between gap-2 rounded-xl border-2 border-sea-700/70 bg-white px-3 py-2 text-left text-ink hover:border-sea-700"
      >
        <span id={`${id}-value`}>{multiSelectSummary(chosen, maxNames, placeholder)}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M5 8l5 5 5-5" />
        </svg>
      </button>
      <div
        id={`${id}-list`}
        hidden={!open}
        className="absolute top-full z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-xl border border-line bg-white p-2 shadow-lg"
      >
        <fieldset>
          <legend className="sr-only">{label}</legend>
          {options.map((option) => (
            <label key={option.value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-sea-50">
              <input
                type="checkbox"
                value={option.value}
                className="size-5 accent-sea-800"
                checked={value.includes(option.value)}
                onChange={(e) => toggle(option.value, e.target.checked)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
