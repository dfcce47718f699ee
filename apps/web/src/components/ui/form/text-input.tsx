import type { ComponentProps, ReactNode } from 'react';
import { Field, controlClass } from './field';

export interface TextInputProps extends Omit<ComponentProps<'input'>, 'id' | 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | boolean;
  describedBy?: string;
  id?: string;
  hideLabel?: boolean;
  /** Class of the wrapper (label + control + error). */
  fieldClassName?: string;
}

/**
 * A labelled text input. Spread react-hook-form's `register('name')` into it:
 * `<TextInput label="Navn" error={errors.name?.message} {...register('name')} />`.
 */
export function TextInput({ label, hint, error, describedBy, id, hideLabel, fieldClassName, className = '', type = 'text', ...input }: TextInputProps) {
  return (
    <Field label={label} hint={hint} error={error} describedBy={describedBy} id={id} hideLabel={hideLabel} className={fieldClassName}>
      {(control) => <input type={type} {...input} {...control} className={controlClass(!!error, className)} />}
    </Field>
  );
}
