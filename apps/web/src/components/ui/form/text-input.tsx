import type { ComponentProps } from 'react';
import { Field, controlClass, splitFieldProps, type FieldOwnProps } from './field';

export type TextInputProps = Omit<ComponentProps<'input'>, 'id' | 'children'> & FieldOwnProps;

/** A labelled text input; spread react-hook-form's `register('name')` into it. */
export function TextInput({ className = '', type = 'text', ...props }: TextInputProps) {
  const [field, input] = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => <input type={type} {...input} {...control} className={controlClass(!!field.error, className)} />}
    </Field>
  );
}

/** A labelled whole-number input: type number, step 1 and the numeric keyboard. */
export function WholeNumberInput(props: Omit<TextInputProps, 'type' | 'step' | 'inputMode'>) {
  return <TextInput type="number" step={1} inputMode="numeric" {...props} />;
}
