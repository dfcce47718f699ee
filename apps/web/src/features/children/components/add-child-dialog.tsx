import { useId, useState, type FormEvent } from 'react';
import type { Child } from '@shared/api';
import { Button } from '@/components/ui/button';
import { Modal, ModalClose } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { capitalizeName, osloDateKey } from '@/lib/format';
import { useAddChild } from '../api/add-child';

const LIMIT_CODES = new Set(['TOO_MANY_CHILDREN', 'RATE_LIMITED']);

export interface ProfileChoice {
  id: string;
  label: string;
}

interface AddChildDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The profiles the child may be added to; a selector shows when there is more than one. */
  profiles: readonly ProfileChoice[];
  onAdded?: (child: Child, profileId: string) => void;
}

type Field = 'firstName' | 'lastName' | 'birthdate' | 'profileId';

const inputClass = (invalid: boolean) =>
  `min-h-11 w-full rounded-xl border-2 bg-white px-3 py-2 text-base text-ink ${
    invalid ? 'border-danger' : 'border-sea-700/70 hover:border-sea-700'
  }`;

function AddChildForm({ profiles, onDone, onAdded }: Omit<AddChildDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const id = useId();
  const toast = useToast();
  const mutation = useAddChild();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [birthdate, setBirthdate] = useState('');
  const [profileId, setProfileId] = useState(profiles.length === 1 ? (profiles[0]?.id ?? '') : '');
  const [invalid, setInvalid] = useState<Set<Field>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const today = osloDateKey(new Date());
  const errorId = `${id}-feil`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = { firstName: capitalizeName(firstName), lastName: capitalizeName(lastName), birthdate };
    setFirstName(values.firstName);
    setLastName(values.lastName);
    const missing = new Set<Field>((['firstName', 'lastName', 'birthdate'] as const).filter((f) => !values[f]));
    const chosenProfile = profiles.length === 1 ? profiles[0]?.id : profileId;
    if (missing.size) {
      if (!chosenProfile) missing.add('profileId');
      setInvalid(missing);
      setError('Alle feltene må fylles ut');
      return;
    }
    if (!chosenProfile) {
      setInvalid(new Set(['profileId']));
      setError('Vennligst velg en profil');
      return;
    }
    if (birthdate > today) {
      setInvalid(new Set(['birthdate']));
      setError('Fødselsdatoen kan ikke være i fremtiden');
      return;
    }
    setInvalid(new Set());
    setError(null);
    mutation.mutate(
      { child: values, profileId: chosenProfile },
      {
        onSuccess: (child) => {
          toast.success('Barnet har blitt lagt til');
          onAdded?.(child, chosenProfile);
          onDone();
        },
        // The spec's toast, unless the server says why (a full profile, too many attempts).
        onError: (error) =>
          toast.error(isApiError(error) && LIMIT_CODES.has(error.code) ? errorMessage(error) : 'Kunne ikke legge til barnet'),
      },
    );
  };

  const described = (field: Field) =>
    invalid.has(field) ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const busy = mutation.isPending;

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
      {profiles.length > 1 ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-profil`} className="font-semibold text-sea-900">
            Profil
          </label>
          <select
            id={`${id}-profil`}
            value={profileId}
            required
            disabled={busy}
            onChange={(e) => setProfileId(e.target.value)}
            className={inputClass(invalid.has('profileId'))}
            {...described('profileId')}
          >
            <option value="">Velg profil</option>
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="rounded-xl bg-danger-bg p-3 font-medium text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <ModalClose asChild>
          <Button variant="secondary">Avbryt</Button>
        </ModalClose>
        <Button type="submit" disabled={busy}>
          {busy ? 'Lagrer …' : 'Lagre'}
        </Button>
      </div>
    </form>
  );
}

/** Spec §2 child add modal (§5 rules): first name, last name, birth date, and the profile when there are several. */
export function AddChildDialog({ open, onOpenChange, profiles, onAdded }: AddChildDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Legg til barn">
      {/* Mounted per opening: a fresh, empty form each time. */}
      {open ? <AddChildForm profiles={profiles} onAdded={onAdded} onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}
