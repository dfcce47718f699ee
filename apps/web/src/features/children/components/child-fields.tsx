import type { FieldErrors, FieldValues, Path, UseFormGetValues, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { DateInput, TextInput } from '@/components/ui/form';
import { capitalizeName, osloDateKey } from '@/lib/format';

interface ChildValues extends FieldValues {
  firstName: string;
  lastName: string;
  birthdate: string;
}

interface ChildFieldsProps<T extends ChildValues> {
  form: { register: UseFormRegister<T>; setValue: UseFormSetValue<T>; getValues: UseFormGetValues<T>; formState: { errors: FieldErrors<T> } };
  busy: boolean;
  /** The form's one message, which every invalid field points at. */
  errorId: string;
}

/** A child's first name, last name and birth date (spec §2 child modals): the add and the edit form alike. */
export function ChildFields<T extends ChildValues>({ form, busy, errorId }: ChildFieldsProps<T>) {
  const { register, setValue, getValues, formState } = form;
  const field = (name: 'firstName' | 'lastName' | 'birthdate') => name as Path<T>;
  const invalid = (name: 'firstName' | 'lastName' | 'birthdate') => (formState.errors[name] ? true : undefined);
  // Names are shown capitalised per word and after hyphens when the field is left (spec §9).
  const capitalize = (name: 'firstName' | 'lastName') => ({
    onBlur: () => setValue(field(name), capitalizeName(String(getValues(field(name)))) as T[Path<T>]),
  });
  return (
    <>
      <TextInput label="Fornavn" autoComplete="off" required maxLength={100} readOnly={busy} error={invalid('firstName')} describedBy={errorId} {...register(field('firstName'), capitalize('firstName'))} />
      <TextInput label="Etternavn" autoComplete="off" required maxLength={100} readOnly={busy} error={invalid('lastName')} describedBy={errorId} {...register(field('lastName'), capitalize('lastName'))} />
      <DateInput label="Fødselsdato" max={osloDateKey(new Date())} required readOnly={busy} error={invalid('birthdate')} describedBy={errorId} {...register(field('birthdate'))} />
    </>
  );
}
