import type { ComponentProps } from 'react';
import { Field, controlClass, splitFieldProps, type FieldOwnProps } from './field';
import { Chevron } from '../icon';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectOptionGroup {
  label: string;
  options: readonly SelectOption[];
}

export interface SelectProps extends Omit<ComponentProps<'select'>, 'id' | 'children'>, FieldOwnProps {
  /** The choices; a group becomes an <optgroup>. */
  options: readonly (SelectOption | SelectOptionGroup)[];
  /** A first option with value '' that cannot be chosen ('Velg nivå'); give the field the default value ''. */
  placeholder?: string;
  /** Options after the list (e.g. 'Legg til nytt barn'). */
  trailingOptions?: readonly SelectOption[];
}

const isGroup = (item: SelectOption | SelectOptionGroup): item is SelectOptionGroup => 'options' in item;

const renderOption = (option: SelectOption) => (
  <option key={option.value} value={option.value} disabled={option.disabled}>
    {option.label}
  </option>
);

/** The select's own markup (arrow and all), for a field built by hand with <Field>. */
export function NativeSelect({
  options,
  placeholder,
  trailingOptions = [],
  invalid,
  className = '',
  ...select
}: Omit<ComponentProps<'select'>, 'children'> & Pick<SelectProps, 'options' | 'placeholder' | 'trailingOptions'> & { invalid?: boolean }) {
  return (
    <div className="relative">
      <select {...select} className={controlClass(invalid, `appearance-none pr-10 ${className}`)}>
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((item, index) =>
          isGroup(item) ? (
            <optgroup key={`group-${index}`} label={item.label}>
              {item.options.map(renderOption)}
            </optgroup>
          ) : (
            renderOption(item)
          ),
        )}
        {trailingOptions.map(renderOption)}
      </select>
      <Chevron className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-sea-800" />
    </div>
  );
}

/** A labelled native select, styled like the other controls. */
export function Select(props: SelectProps) {
  const [field, select] = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => <NativeSelect {...select} {...control} invalid={!!field.error} />}
    </Field>
  );
}
