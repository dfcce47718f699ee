import { Select, type SelectOption, type SelectProps } from './form/select';

export interface SelectGroup {
  label: string;
  options: readonly SelectOption[];
}

export interface GroupSelectProps extends Omit<SelectProps, 'options'> {
  /** The groups in order; each becomes an <optgroup> with its label. */
  groups: readonly SelectGroup[];
  /** Shown as a disabled option in a group that has no options ('Ingen barn registrert'), so the group still shows. */
  emptyGroupText?: string;
}

/** A labelled native select whose options are grouped (the booking modal's children by profile). */
export function GroupSelect({ groups, emptyGroupText, ...select }: GroupSelectProps) {
  const options = groups.map((group, index) => ({
    label: group.label,
    options:
      group.options.length === 0 && emptyGroupText
        ? [{ value: `tom-gruppe-${index}`, label: emptyGroupText, disabled: true }]
        : group.options,
  }));
  return <Select {...select} options={options} />;
}
