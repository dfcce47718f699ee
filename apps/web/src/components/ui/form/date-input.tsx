import type { ComponentProps, ReactNode } from 'react';
import { Field, controlClass } from './field';

export interface DateInputProps extends Omit<ComponentProps<'input'>, 'id' | 'children' | 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | boolean;
  describedBy?: string;
  id?: string;
  hideLabel?: boolean;
  fieldClassName?: string;
}

/**
 * A labelled date field (`min`/`max` as `YYYY-MM-DD`): the browser's own date input, whose value is `YYYY-MM-DD` (what the API takes) and whose
 * picker follows the page language (nb).
 */
export function DateInput({ label, hint, error, describedBy, id, hideLabel, fieldClassName, className = '', ...input }: DateInputProps) {
  return (
    <Field label={label} hint={hint} error={error} describedBy={describedBy} id={id} hideLabel={hideLabel} className={fieldClassName}>
      {(control) => <input type="date" {...input} {...control} className={controlClass(!!error, className)} />}
    </Field>
  );
}
