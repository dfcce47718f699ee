import { useId, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { addChildInputSchema, type Child } from '@shared/api';
import { CancelAndAct, FormError, Select, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { capitalizeName, osloDateKey } from '@/lib/format';
import { useAddChild } from '@/features/children/api/children';
import { ChildFields } from './child-fields';

export interface ProfileChoice {
  id: string;
  label: string;
}

// The shared request schema, flattened into the form's fields: the form checks what the server checks.
const addChildFormSchema = addChildInputSchema.shape.child.extend({ profileId: addChildInputSchema.shape.profileId });
type Values = { firstName: string; lastName: string; birthdate: string; profileId: string };

export interface AddChildFormProps {
  /** The profiles the child may be added to; a selector shows when there is more than one. */
  profiles: readonly ProfileChoice[];
  onAdded?: (child: Child, profileId: string) => void;
  onDone: () => void;
}

/** Spec §2 child add modal (§5 rules): first name, last name, birth date, and the profile when there are several. */
export default function AddChildForm({ profiles, onDone, onAdded }: AddChildFormProps) {
  const id = useId();
  const mutation = useAddChild();
  const [formError, setFormError] = useState<string | null>(null);
  const today = osloDateKey(new Date());
  const errorId = `${id}-feil`;
  const form = useZodForm(addChildFormSchema, {
    defaultValues: { firstName: '', lastName: '', birthdate: '', profileId: profiles.length === 1 ? (profiles[0]?.id ?? '') : '' },
  });
  const { register, handleSubmit, setValue, getValues, errors } = form;

  // One message for the form, as before: what is missing first, then the profile, then the birth date.
  const onInvalid = (fieldErrors: FieldErrors<Values>) => {
    const values = getValues();
    if (!values.firstName.trim() || !values.lastName.trim() || !values.birthdate) {
      setFormError('Alle feltene må fylles ut');
      // Spec §5: the call refuses missing fields with its own toast too.
      toast.error('Mangler påkrevde felt');
    } else if (fieldErrors.profileId) setFormError('Vennligst velg en profil');
    else if (fieldErrors.birthdate) setFormError(values.birthdate > today ? 'Fødselsdatoen kan ikke være i fremtiden' : (fieldErrors.birthdate.message ?? null));
    else setFormError('Navnene kan ha maks 100 tegn');
  };

  const onValid = ({ profileId, ...child }: { firstName: string; lastName: string; birthdate: string; profileId: string }) => {
    setFormError(null);
    mutation.mutate(
      { child, profileId },
      {
        onSuccess: (added) => {
          toast.success('Barnet har blitt lagt til');
          onAdded?.(added, profileId);
          onDone();
        },
        onError: (error) =>
          toast.error(
            errorMessage(error, {
              fallback: 'Kunne ikke legge til barnet',
              // Spec §8: a profile that is not the caller's; the server refuses it with nothing written.
              texts: { FORBIDDEN: 'Kan ikke legge til barn på andres profil', VALIDATION: 'Mangler påkrevde felt' },
            }),
          ),
      },
    );
  };

  const submit = handleSubmit((values) => {
    // Names are saved capitalised per word and after hyphens (spec §9), also when typed without leaving the field.
    const firstName = capitalizeName(values.firstName);
    const lastName = capitalizeName(values.lastName);
    setValue('firstName', firstName);
    setValue('lastName', lastName);
    onValid({ ...values, firstName, lastName });
  }, onInvalid);

  const busy = mutation.isPending;
  const invalid = (field: keyof Values) => (errors[field] ? true : undefined);

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
      <ChildFields form={form} busy={busy} errorId={errorId} />
      {profiles.length > 1 ? (
        <Select
          label="Profil"
          placeholder="Velg profil"
          options={profiles.map((p) => ({ value: p.id, label: p.label }))}
          required
          disabled={busy}
          error={invalid('profileId')}
          describedBy={errorId}
          {...register('profileId')}
        />
      ) : null}
      <FormError id={errorId}>{formError}</FormError>
      <CancelAndAct onCancel="modal" busy={busy} text="Lagre" busyText="Lagrer …" className="flex flex-wrap justify-end gap-3 pt-2" />
    </form>
  );
}
