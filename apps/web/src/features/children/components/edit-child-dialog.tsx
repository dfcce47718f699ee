import { useId, useState } from 'react';
import { addChildInputSchema, type Child } from '@shared/api';
import { Button } from '@/components/ui/button';
import { FormError, useZodForm } from '@/components/ui/form';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { capitalizeName, fullName, osloDateKey } from '@/lib/format';
import { useDeleteChild, useUpdateChild } from '@/features/children/api/children';
import { ChildFields } from './child-fields';

// The same rules as adding a child (the shared schema): the form checks what the server checks.
const editChildSchema = addChildInputSchema.shape.child;

function EditChildForm({ child, onDone }: { child: Child; onDone: () => void }) {
  const id = useId();
  const update = useUpdateChild();
  const remove = useDeleteChild();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const today = osloDateKey(new Date());
  const errorId = `${id}-feil`;
  const busy = update.isPending || remove.isPending;
  const form = useZodForm(editChildSchema, { defaultValues: { firstName: child.firstName, lastName: child.lastName, birthdate: child.birthdate } });
  const { handleSubmit, setValue, getValues } = form;

  const submit = handleSubmit(
    (values) => {
      // Names are saved capitalised per word and after hyphens (spec §9), also when typed without leaving the field.
      const firstName = capitalizeName(values.firstName);
      const lastName = capitalizeName(values.lastName);
      setValue('firstName', firstName);
      setValue('lastName', lastName);
      setError(null);
      update.mutate(
        { id: child._id, firstName, lastName, birthdate: values.birthdate },
        {
          onSuccess: () => {
            toast.success('Barnet har blitt oppdatert');
            onDone();
          },
          onError: () => toast.error('Kunne ikke oppdatere barnet'),
        },
      );
    },
    (fieldErrors) => {
      const values = getValues();
      if (!values.firstName.trim() || !values.lastName.trim() || !values.birthdate) {
        setError('Alle feltene må fylles ut');
        toast.warning('Mangler påkrevde felt');
      } else if (fieldErrors.birthdate) setError(values.birthdate > today ? 'Fødselsdatoen kan ikke være i fremtiden' : (fieldErrors.birthdate.message ?? null));
      else setError('Navnene kan ha maks 100 tegn');
    },
  );


  const deleteChild = () =>
    remove.mutate(child._id, {
      onSuccess: () => {
        toast.success('Barnet har blitt fjernet');
        onDone();
      },
      onError: (err) => {
        setConfirming(false);
        toast.error(isApiError(err) && err.code === 'CHILD_ON_COURSE' ? errorMessage(err) : 'Kunne ikke fjerne barnet');
      },
    });

  if (confirming) {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-xl bg-danger-bg p-3 font-medium text-danger">
          Vil du slette {fullName(child)}? Dette kan ikke angres.
        </p>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
            Avbryt
          </Button>
          <Button variant="danger" onClick={deleteChild} disabled={busy}>
            {remove.isPending ? 'Sletter …' : 'Ja, slett barnet'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
      <ChildFields form={form} busy={busy} errorId={errorId} />
      <FormError id={errorId}>{error}</FormError>
      <div className="flex flex-wrap justify-between gap-3 pt-2">
        <Button variant="danger" onClick={() => setConfirming(true)} disabled={busy}>
          Slett
        </Button>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={onDone} disabled={busy}>
            Avbryt
          </Button>
          <Button type="submit" disabled={busy}>
            {update.isPending ? 'Lagrer …' : 'Lagre'}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** Spec §2 child edit modal: first name, middle/last name, birth date; 'Avbryt', 'Slett', 'Lagre'. */
export function EditChildDialog({ child, onOpenChange }: { child: Child | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal open={!!child} onOpenChange={onOpenChange} title="Endre barn">
      {child ? <EditChildForm key={child._id} child={child} onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}
