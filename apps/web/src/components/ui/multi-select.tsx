import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FieldErrorText } from './form/field';
import { StrokeIcon } from './icon';

export interface MultiSelectOption {
  value: string;
  label: string;
}

export interface MultiSelectProps {
  label: ReactNode;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Names shown on the button before it says '{n} valgt' (spec §2: 3 in the course form, 2 elsewhere). */
  maxNamesShown?: number;
  /** Shown on the button when nothing is chosen. */
  placeholder?: string;
  hint?: ReactNode;
  error?: string | boolean;
  id?: string;
  disabled?: boolean;
  /** Called when the list closes (react-hook-form's `onBlur`). */
  onBlur?: () => void;
  className?: string;
}

/** Spec §2: the chosen names up to `max`, then '{n} valgt' (the spec's '{n} options selected' in Norwegian, decision 028). */
export function multiSelectSummary(options: readonly MultiSelectOption[], value: readonly string[], max: number, placeholder = ''): string {
  const chosen = options.filter((o) => value.includes(o.value));
  if (chosen.length === 0) return placeholder;
  if (chosen.length > max) return `${chosen.length} valgt`;
  return chosen.map((o) => o.label).join(', ');
}

/** A select of several values: a button opening a list of native checkboxes, with arrow keys, Home, End and Escape. */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  maxNamesShown = 2,
  placeholder = 'Velg …',
  hint,
  error,
  id,
  disabled,
  onBlur,
  className = '',
}: MultiSelectProps) {
  const generated = useId();
  const baseId = id ?? `${generated}-flervalg`;
  const labelId = `${baseId}-label`;
  const summaryId = `${baseId}-valgt`;
  const listId = `${baseId}-liste`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-feil`;
  const errorText = typeof error === 'string' && error ? error : null;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    onBlur?.();
    if (returnFocus) button.current?.focus();
  };

  // A click or focus outside closes the list.
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (root.current && !root.current.contains(event.target as Node)) {
        setOpen(false);
        onBlur?.();
      }
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open, onBlur]);

  // Opening moves focus to the first chosen option (or the first one).
  useEffect(() => {
    if (!open) return;
    const boxes = [...(list.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];
    (boxes.find((b) => b.checked) ?? boxes[0])?.focus();
  }, [open]);

  const toggle = (optionValue: string) =>
    onChange(value.includes(optionValue) ? value.filter((v) => v !== optionValue) : [...value, optionValue]);

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const boxes = [...(list.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];
    const at = boxes.indexOf(document.activeElement as HTMLInputElement);
    const move = (to: number) => {
      event.preventDefault();
      boxes[Math.max(0, Math.min(boxes.length - 1, to))]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(boxes.length - 1);
      // Enter confirms the choice (as in a native select) instead of submitting the form.
      case 'Escape':
      case 'Enter':
        event.preventDefault();
        return close(true);
    }
  };

  const summary = multiSelectSummary(options, value, maxNamesShown, placeholder);
  const describedBy = [hint ? hintId : '', errorText ? errorId : ''].filter(Boolean).join(' ') || undefined;

  return (
    // data-own-escape: while the list is open, Escape closes the list only, not a modal around it (see Modal).
    <div ref={root} data-own-escape={open ? 'true' : undefined} className={`flex flex-col gap-1.5 ${className}`.trim()}>
      <span id={labelId} className="font-semibold text-sea-900">
        {label}
      </span>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div className="relative">
        <button
          ref={button}
          id={baseId}
          type="button"
          disabled={disabled}
          aria-haspopup="true"
          aria-expanded={open}
          aria-controls={listId}
          aria-labelledby={`${labelId} ${summaryId}`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onClick={() => (open ? close(false) : setOpen(true))}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && !open) {
              event.preventDefault();
              setOpen(true);
            }
          }}
          className={`flex min-h-11 w-full items-center justify-between gap-2 rounded-xl border-2 bg-white py-2 pr-3 pl-3 text-left text-base text-ink disabled:bg-sea-50 ${
            error ? 'border-danger' : 'border-sea-700/70 hover:border-sea-700'
          }`}
        >
          <span id={summaryId} className={`truncate ${value.length === 0 ? 'text-muted' : ''}`}>
            {summary}
          </span>
          <StrokeIcon d={open ? 'M5 12l5-5 5 5' : 'M5 8l5 5 5-5'} className="size-5 shrink-0 text-sea-800" />
        </button>
        <div
          ref={list}
          id={listId}
          role="group"
          aria-labelledby={labelId}
          hidden={!open}
          onKeyDown={onListKeyDown}
          className="absolute top-full right-0 left-0 z-50 mt-1 max-h-[300px] overflow-y-auto rounded-xl border border-line bg-white p-1 shadow-lg"
        >
          {options.map((option) => {
            const optionId = `${baseId}-${option.value}`;
            return (
              <label
                key={option.value}
                htmlFor={optionId}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 hover:bg-sea-50 has-[:focus-visible]:bg-sea-50"
              >
                <input
                  id={optionId}
                  type="checkbox"
                  className="size-5 shrink-0 accent-sea-800"
                  checked={value.includes(option.value)}
                  onChange={() => toggle(option.value)}
                />
                <span>{option.label}</span>
              </label>
            );
          })}
        </div>
      </div>
      {errorText ? <FieldErrorText id={errorId}>{errorText}</FieldErrorText> : null}
    </div>
  );
}
