import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm, type FieldError, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { useSendContactMessage } from '../api/send-contact-message';

// Same limits as the API contract (contactInputSchema), with the messages in Norwegian.
const contactFormSchema = z.object({
  name: z.string().trim().min(1, 'Vennligst skriv inn navnet ditt.').max(200, 'Navnet kan ha maks 200 tegn.'),
  email: z
    .string()
    .trim()
    .min(1, 'Vennligst skriv inn en e-postadresse.')
    .max(254, 'E-postadressen er for lang.')
    .pipe(z.email('Vennligst skriv inn en gyldig e-postadresse.')),
  message: z.string().trim().min(1, 'Vennligst skriv inn en melding.').max(5000, 'Meldingen kan ha maks 5000 tegn.'),
});
type ContactFormValues = z.infer<typeof contactFormSchema>;

interface FieldProps {
  id: string;
  label: string;
  error?: FieldError;
  readOnly: boolean;
  registration: UseFormRegisterReturn;
  type?: 'text' | 'email';
  autoComplete?: string;
  multiline?: boolean;
}

function Field({ id, label, error, readOnly, registration, type = 'text', autoComplete, multiline }: FieldProps) {
  const errorId = `${id}-feil`;
  const common = {
    id,
    readOnly,
    required: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: `w-full rounded-xl border-2 bg-white px-3 py-2.5 text-base text-ink read-only:bg-sea-50 ${
      error ? 'border-danger' : 'border-sea-700/70 hover:border-sea-700'
    }`,
    ...registration,
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold text-sea-900">
        {label}
      </label>
      {multiline ? <textarea rows={6} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
      {error?.message ? (
        <p id={errorId} className="flex items-center gap-1.5 text-sm font-medium text-danger">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm-.9 4h1.8v5.5H9.1V6zm.9 9a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2z" />
          </svg>
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

/** Contact form: idle → submitting (read-only, button disabled) → success; a failure may be retried. */
export function ContactForm() {
  const id = useId();
  const toast = useToast();
  const mutation = useSendContactMessage();
  const successRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { name: '', email: '', message: '' },
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
    mutation.mutate(values, {
      onError: (error) => {
        if (!(isApiError(error) && error.code === 'CONTACT_RATE_LIMITED')) toast.error('Kunne ikke sende melding');
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={submitting}>
      <Field id={`${id}-navn`} label="Navn" autoComplete="name" error={errors.name} readOnly={submitting} registration={register('name')} />
      <Field
        id={`${id}-epost`}
        label="E-post"
        type="email"
        autoComplete="email"
        error={errors.email}
        readOnly={submitting}
        registration={register('email')}
      />
      <Field id={`${id}-melding`} label="Melding" multiline error={errors.message} readOnly={submitting} registration={register('message')} />
      {mutation.isError ? (
        <p role="alert" className="rounded-xl bg-danger-bg p-4 font-medium text-danger">
          {rateLimited ? errorMessage(mutation.error) : 'Beklager, det oppstod en feil. Vennligst prøv igjen.'}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? 'Sender …' : 'Send melding'}
      </Button>
    </form>
  );
}
