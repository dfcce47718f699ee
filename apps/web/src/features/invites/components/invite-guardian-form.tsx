import { inviteInputSchema } from '@shared/api/invites';
import { CancelAndAct, TextInput, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { useSendInvite } from '@/features/invites/api/invites';

const inviteFormSchema = inviteInputSchema.pick({ email: true });

/** The invite form: an e-mail address (spec §5 rules); loaded when the dialog first opens (it brings zod). */
export default function InviteForm({ profileId, onDone }: { profileId: string; onDone: () => void }) {
  const send = useSendInvite();
  const { register, handleSubmit, errors } = useZodForm(inviteFormSchema, { defaultValues: { email: '' } });

  const submit = handleSubmit(({ email }) =>
    send.mutate(
      { profileId, email },
      {
        onSuccess: () => {
          toast.success('Invitasjon sendt!');
          onDone();
        },
        onError: (err) => {
          if (isApiError(err) && err.code === 'ALREADY_INVITED') toast.warning(errorMessage(err));
          else toast.error('Det oppstod en feil ved sending av invitasjon. Vennligst prøv igjen senere.');
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={send.isPending}>
      <p>Den du inviterer får en e-post med en lenke, logger inn med Vipps og blir foresatt for barna på profilen.</p>
      <TextInput label="E-postadresse" type="email" autoComplete="off" required readOnly={send.isPending} error={errors.email?.message} {...register('email')} />
      <CancelAndAct onCancel={onDone} busy={send.isPending} text="Send invitasjon" busyText="Sender …" className="flex flex-wrap justify-end gap-3 pt-2" />
    </form>
  );
}
