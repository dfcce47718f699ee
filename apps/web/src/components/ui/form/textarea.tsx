import type { ComponentProps } from 'react';
import { Field, controlClass, splitFieldProps, type FieldOwnProps } from './field';

export type TextareaProps = Omit<ComponentProps<'textarea'>, 'id' | 'children'> & FieldOwnProps;

/** A labelled multi-line text field (6 rows unless told). */
export function Textarea({ className = '', rows = 6, ...props }: TextareaProps) {
  const [field, textarea] = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => <textarea rows={rows} {...textarea} {...control} className={controlClass(!!field.error, className)} />}
    </Field>
  );
}
