import { useSyncExternalStore } from 'react';
import { GIFT_CARD_MAX_KR, GIFT_CARD_MIN_KR, giftCardPurchaseInputSchema } from '@shared/api';
import { Button } from '@/components/ui/button';
import { NoScriptNote } from '@/components/ui/noscript-note';
import { FormError, TextInput, Textarea, WholeNumberInput, useZodForm } from '@/components/ui/form';
import { errorMessage } from '@/lib/error-messages';
import { codeStorageKey, usePurchaseGiftCard } from '../api/gift-cards';

const noSubscription = () => () => {};

/** 'Kjøp gavekort': the amount, the buyer's e-mail, the giver's name and a greeting; then Vipps. */
export function GiftCardForm() {
  // Until React has taken over the server's page a native submit would put the fields in the address: the button waits.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const mutation = usePurchaseGiftCard();
  const { register, handleSubmit, errors } = useZodForm(giftCardPurchaseInputSchema, {
    defaultValues: { amount: 500, email: '', giverName: '', message: '' },
    messages: {
      email: {
        required: 'Vennligst skriv inn en e-postadresse.',
        too_big: 'E-postadressen er for lang.',
        invalid_format: 'Vennligst skriv inn en gyldig e-postadresse.',
      },
      giverName: { required: 'Vennligst skriv hvem gavekortet er fra.', too_big: 'Navnet kan ha maks 100 tegn.' },
    },
  });
  const busy = mutation.isPending || mutation.isSuccess;
  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: ({ redirectUrl, reference, code }) => {
        // The code stays in this tab only, for the return page to show once.
        sessionStorage.setItem(codeStorageKey(reference), code);
        window.location.assign(redirectUrl);
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={busy}>
      <WholeNumberInput
        label="Beløp (kr)"
        hint={`Fra ${GIFT_CARD_MIN_KR} til ${GIFT_CARD_MAX_KR.toLocaleString('nb-NO')} kr, i hele kroner.`}
        min={GIFT_CARD_MIN_KR}
        max={GIFT_CARD_MAX_KR}
        required
        readOnly={busy}
        error={errors.amount?.message}
        {...register('amount', { valueAsNumber: true })}
      />
      <TextInput
        label="Din e-post"
        hint="Gavekortet sendes hit som PDF."
        type="email"
        autoComplete="email"
        required
        readOnly={busy}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextInput label="Fra (navnet på gavekortet)" autoComplete="name" required readOnly={busy} error={errors.giverName?.message} {...register('giverName')} />
      <Textarea label="Hilsen (valgfri)" maxLength={500} readOnly={busy} error={errors.message?.message} {...register('message')} />
      {mutation.isError ? <FormError>{errorMessage(mutation.error, 'Kunne ikke starte betalingen')}</FormError> : null}
      <NoScriptNote>Du må slå på JavaScript for å kjøpe gavekort.</NoScriptNote>
      <Button type="submit" size="lg" disabled={busy || !hydrated} className="w-full sm:w-auto">
        {busy ? 'Går til Vipps …' : 'Betal med Vipps'}
      </Button>
    </form>
  );
}
