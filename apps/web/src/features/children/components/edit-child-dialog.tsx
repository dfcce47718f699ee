import { useId, useState, type FormEvent } from 'react';
import type { Child } from '@shared/api';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { capitalizeName, fullName, osloDateKey } from '@/lib/format';
import { useDeleteChild } from '../api/delete-child';
import { useUpdateChild } from '../api/update-child';

type Field = 'firstName' | 'lastName' | 'birthdate';

const inputClass = (invalid: boolean) =>
  `min-h-11 w-full rounded-xl border-2 bg-white px-3 py-2 text-base text-ink ${
    invalid ? 'border-danger' : 'border-sea-700/70 hover:border-sea-700'
  }`;

function EditChildForm({ child, onDone }: { child: Child; onDone: () => void }) {
  const id = useId();
  const toast = useToast();
  const update = useUpdateChild();
  const remove = useDeleteChild();
  const [firstName, setFirstName] = useState(child.firstName);
  const [lastName, setLastName] = useState(child.lastName);
  const [birthdate, setBirthdate] = useState(child.birthdate);
  const [invalid, setInvalid] = useState<Set<Field>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const today = osloDateKey(new Date());
  const errorId = `${id}-feil`;
  const busy = update.isPending || remove.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = { firstName: capitalizeName(firstName), lastName: capitalizeName(lastName), birthdate };
    setFirstName(values.firstName);
    setLastName(values.lastName);
    const missing = new Set<Field>((['firstName', 'lastName', 'birthdate'] as const).filter((f) => !values[f]));
    if (missing.size) {
      setInvalid(missing);
      setError('Alle feltene må fylles ut');
      toast.warning('Mangler påkrevde felt');
      return;
    }
    if (birthdate > today) {
      setInvalid(new Set(['birthdate']));
      setError('Fødselsdatoen kan ikke være i fremtiden');
      return;
    }
    setInvalid(new Set());
    setError(null);
    update.mutate(
      { id: child._id, ...values },
      {
        onSuccess: () => {
          toast.success('Barnet har blitt oppdatert');
          onDone();
        },
        onError: () => toast.error('Kunne ikke oppdatere barnet'),
      },
    );
  };

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

  const described = (field: Field) =>
    invalid.has(field) ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

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
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-fornavn`} className="font-semibold text-sea-900">
          Fornavn
        </label>
        <input
          id={`${id}-fornavn`}
          value={firstName}
          autoComplete="off"
          required
          readOnly={busy}
          onChange={(e) => setFirstName(e.target.value)}
          onBlur={() => setFirstName(capitalizeName(firstName))}
          className={inputClass(invalid.has('firstName'))}
          {...described('firstName')}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-etternavn`} className="font-semibold text-sea-900">
          Etternavn
        </label>
        <input
          id={`${id}-etternavn`}
          value={lastName}
          autoComplete="off"
          required
          readOnly={busy}
          onChange={(e) => setLastName(e.target.value)}
          onBlur={() => setLastName(capitalizeName(lastName))}
          className={inputClass(invalid.has('lastName'))}
          {...described('lastName')}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-fodt`} className="font-semibold text-sea-900">
          Fødselsdato
        </label>
        <input
          id={`${id}-fodt`}
          type="date"
          value={birthdate}
          max={today}
          required
          readOnly={busy}
          onChange={(e) => setBirthdate(e.target.value)}
          className={inputClass(invalid.has('birthdate'))}
          {...described('birthdate')}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="rounded-xl bg-danger-bg p-3 font-medium text-danger">
          {error}
        </p>
      ) : null}
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
