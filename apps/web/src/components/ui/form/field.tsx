import { useId, type ReactNode } from 'react';

/** What a control needs from its Field: the id the label points at, and the aria wiring of hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** A short help text under the label, read with the control. */
  hint?: ReactNode;
  /** The field's error text; `true` marks the control invalid when the form says what is wrong elsewhere. */
  error?: string | boolean;
  /** More ids the control is described by (e.g. a form-level error). */
  describedBy?: string;
  /** The control's id; generated when left out. */
  id?: string;
  /** Keep the label for screen readers only (where a heading already says it). */
  hideLabel?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** The props every control of the kit passes on to its Field. */
export interface FieldOwnProps extends Pick<FieldProps, 'label' | 'hint' | 'error' | 'describedBy' | 'id' | 'hideLabel'> {
  /** Class of the wrapper (label + control + error). */
  fieldClassName?: string;
}

/** Splits a control's props into its Field's and the element's own. */
export function splitFieldProps<T extends FieldOwnProps>({ label, hint, error, describedBy, id, hideLabel, fieldClassName, ...element }: T) {
  return [{ label, hint, error, describedBy, id, hideLabel, className: fieldClassName }, element] as const;
}

const joinIds = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** Label, hint and error around one control, with `for`, `aria-invalid` and `aria-describedby` wired. */
export function Field({ label, hint, error, describedBy, id, hideLabel, className = '', children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `${generated}-felt`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-feil`;
  const errorText = typeof error === 'string' && error ? error : null;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`.trim()}>
      <label htmlFor={controlId} className={hideLabel ? 'sr-only' : 'font-semibold text-sea-900'}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': joinIds(hint ? hintId : undefined, errorText ? errorId : undefined, error ? describedBy : undefined),
      })}
      {errorText ? <FieldErrorText id={errorId}>{errorText}</FieldErrorText> : null}
    </div>
  );
}

/** The red text under a control (not an alert: the control's description, read when it gets focus). */
export function FieldErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-center gap-1.5 text-sm font-medium text-danger">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm-.9 4h1.8v5.5H9.1V6zm.9 9a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2z" />
      </svg>
      {children}
    </p>
  );
}

/** One message for the whole form (a failed save, or 'Alle feltene må fylles ut'): announced at once. */
export function FormError({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="rounded-xl bg-danger-bg p-3 font-medium text-danger">
      {children}
    </p>
  );
}

/** The look of every text-like control; red border when invalid, a tinted background while read-only. */
export const controlClass = (invalid: boolean | undefined, extra = '') =>
  `min-h-11 w-full rounded-xl border-2 bg-white px-3 py-2 text-base text-ink read-only:bg-sea-50 disabled:bg-sea-50 ${
    invalid ? 'border-danger' : 'border-sea-700/70 hover:border-sea-700'
  } ${extra}`.trim();
