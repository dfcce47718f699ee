import { useId, useState, type FormEvent } from 'react';
import { inviteInputSchema } from '@shared/api/family';
import { Button } from '@/components/ui/button';
import { controlClass, FormError } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { useSendInvite } from '../api/send-invite';

/** The invite form: an e-mail address (spec §5 rules); loaded when the dialog first opens (it brings zod). */
export default function InviteForm({ profileId, onDone }: { profileId: string; onDone: () => void }) {
  const id = useId();
  const toast = useToast();
  const send = useSendInvite();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteInputSchema.safeParse({ profileId, email });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'email')?.message ?? 'Vennligst skriv inn en gyldig e-postadresse.');
      return;
    }
    setError(null);
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Invitasjon sendt!');
        onDone();
      },
      onError: (err) => {
        if (isApiError(err) && err.code === 'ALREADY_INVITED') toast.warning(errorMessage(err));
        else toast.error('Det oppstod en feil ved sending av invitasjon. Vennligst prøv igjen senere.');
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={send.isPending}>
      <p>Den du inviterer får en e-post med en lenke, logger inn med Vipps og blir foresatt for barna på profilen.</p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-epost`} className="font-semibold text-sea-900">
          E-postadresse
        </label>
        <input
          id={`${id}-epost`}
          type="email"
          value={email}
          autoComplete="off"
          required
          readOnly={send.isPending}
          onChange={(e) => setEmail(e.target.value)}
          className={controlClass(!!error)}
          {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-feil` } : {})}
        />
      </div>
      <FormError id={`${id}-feil`}>{error}</FormError>
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onDone} disabled={send.isPending}>
          Avbryt
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sender …' : 'Send invitasjon'}
        </Button>
      </div>
    </form>
  );
}
