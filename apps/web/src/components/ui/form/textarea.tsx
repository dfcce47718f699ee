import type { ComponentProps, ReactNode } from 'react';
import { Field, controlClass } from './field';

export interface TextareaProps extends Omit<ComponentProps<'textarea'>, 'id' | 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | boolean;
  describedBy?: string;
  id?: string;
  hideLabel?: boolean;
  fieldClassName?: string;
}

/** A labelled multi-line text field (6 rows unless told). */
export function Textarea({ label, hint, error, describedBy, id, hideLabel, fieldClassName, className = '', rows = 6, ...textarea }: TextareaProps) {
  return (
    <Field label={label} hint={hint} error={error} describedBy={describedBy} id={id} hideLabel={hideLabel} className={fieldClassName}>
      {(control) => <textarea rows={rows} {...textarea} {...control} className={controlClass(!!error, className)} />}
    </Field>
  );
}
