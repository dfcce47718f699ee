import { useId, type ComponentProps, type ReactNode } from 'react';
import { FieldErrorText } from './field';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'id' | 'type' | 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | boolean;
  id?: string;
  fieldClassName?: string;
}

/** A checkbox with its label beside it (the whole label is the click target), a hint and an error under. */
export function Checkbox({ label, hint, error, id, fieldClassName = '', className = '', ...input }: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? `${generated}-valg`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-feil`;
  const errorText = typeof error === 'string' && error ? error : null;
  const describedBy = [hint ? hintId : '', errorText ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${fieldClassName}`.trim()}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          {...input}
          id={controlId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`mt-0.5 size-6 shrink-0 accent-sea-800 ${error ? 'outline-2 outline-danger' : ''} ${className}`.trim()}
        />
        <label htmlFor={controlId} className="min-h-6 font-medium text-ink">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className="pl-9 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {errorText ? <FieldErrorText id={errorId}>{errorText}</FieldErrorText> : null}
    </div>
  );
}
