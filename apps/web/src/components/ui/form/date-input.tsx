import type { ComponentProps } from 'react';
import { Field, controlClass, splitFieldProps, type FieldOwnProps } from './field';

export type DateInputProps = Omit<ComponentProps<'input'>, 'id' | 'children' | 'type'> & FieldOwnProps;

/** A labelled native date field: its value is `YYYY-MM-DD`, what the API takes. */
export function DateInput({ className = '', ...props }: DateInputProps) {
  const [field, input] = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => <input type="date" {...input} {...control} className={controlClass(!!field.error, className)} />}
    </Field>
  );
}
