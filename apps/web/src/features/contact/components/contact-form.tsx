import { useEffect, useRef, useSyncExternalStore } from 'react';
import { contactInputSchema } from '@shared/api';
import { Button } from '@/components/ui/button';
import { NoScriptNote } from '@/components/ui/noscript-note';
import { FormError, TextInput, Textarea, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { useSendContactMessage } from '../api/send-contact-message';

/** Contact form: idle → submitting (read-only, button disabled) → success; a failure may be retried. */
const noSubscription = () => () => {};

export function ContactForm() {
  // Until React has taken over the server's page a native submit would put the message in the address: the button waits.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const mutation = useSendContactMessage();
  const successRef = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, errors } = useZodForm(contactInputSchema, {
    defaultValues: { name: '', email: '', message: '' },
    // The shared schema's limits, said in Norwegian.
    messages: {
      name: { required: 'Vennligst skriv inn navnet ditt.', too_big: 'Navnet kan ha maks 200 tegn.' },
      email: {
        required: 'Vennligst skriv inn en e-postadresse.',
        too_big: 'E-postadressen er for lang.',
        invalid_format: 'Vennligst skriv inn en gyldig e-postadresse.',
      },
      message: { required: 'Vennligst skriv inn en melding.', too_big: 'Meldingen kan ha maks 5000 tegn.' },
    },
  });

  useEffect(() => {
    if (mutation.isSuccess) successRef.current?.focus();
  }, [mutation.isSuccess]);

  if (mutation.isSuccess) {
    return (
      <div ref={successRef} tabIndex={-1} role="status" className="rounded-2xl bg-success-bg p-6 text-lg font-semibold text-success">
        Takk for henvendelsen! Vi vil svare deg så fort som mulig.
      </div>
    );
  }

  const submitting = mutation.isPending;
  // The rate limit says what happened (issue 10); other failures keep the spec's texts.
  const rateLimited = isApiError(mutation.error) && mutation.error.code === 'CONTACT_RATE_LIMITED';
  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, { onError: (error) => toast.error(errorMessage(error, 'Kunne ikke sende melding')) }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={submitting}>
      <TextInput label="Navn" autoComplete="name" required readOnly={submitting} error={errors.name?.message} {...register('name')} />
      <TextInput
        label="E-post"
        type="email"
        autoComplete="email"
        required
        readOnly={submitting}
        error={errors.email?.message}
        {...register('email')}
      />
      <Textarea label="Melding" required readOnly={submitting} error={errors.message?.message} {...register('message')} />
      {mutation.isError ? (
        <FormError>{rateLimited ? errorMessage(mutation.error) : 'Beklager, det oppstod en feil. Vennligst prøv igjen.'}</FormError>
      ) : null}
      <NoScriptNote>Du må slå på JavaScript for å sende meldingen.</NoScriptNote>
      <Button type="submit" size="lg" disabled={submitting || !hydrated} className="w-full sm:w-auto">
        {submitting ? 'Sender …' : 'Send melding'}
      </Button>
    </form>
  );
}
