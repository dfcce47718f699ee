import type { ReactNode } from 'react';

/**
 * Label, hint and error around one input, wired for assistive technology (the input gets `describedBy(...)`).
 * A stop-gap for the admin forms until the form kit of issue 8 (components/ui/form/) lands; then they move to it.
 */
export const fieldIds = (id: string) => ({ error: `${id}-feil`, hint: `${id}-hint` });

export function describedBy(id: string, opts: { error?: unknown; hint?: boolean }): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const ids = fieldIds(id);
  const list = [opts.hint ? ids.hint : null, opts.error ? ids.error : null].filter(Boolean);
  return { ...(opts.error ? { 'aria-invalid': true as const } : {}), ...(list.length ? { 'aria-describedby': list.join(' ') } : {}) };
}

export const inputClass = (invalid: boolean) =>
  `min-h-11 w-full rounded-xl border-2 bg-white px-3 py-2 text-base text-ink read-only:bg-sea-50 ${
    invalid ? 'border-danger' : 'border-sea-700/70 hover:border-sea-700'
  }`;

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function FieldShell({ id, label, error, hint, children, className = '' }: FieldShellProps) {
  const ids = fieldIds(id);
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="font-semibold text-sea-900">
        {label}
      </label>
      {hint ? (
        <p id={ids.hint} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={ids.error} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
