import { useEffect } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { giftCardRedeemInputSchema } from '@shared/api';
import { Button } from '@/components/ui/button';
import { FormError, TextInput, useZodForm } from '@/components/ui/form';
import { errorMessage } from '@/lib/error-messages';
import { formatDate, formatKr, krToOre } from '@/lib/format';
import { useRedeemGiftCard } from '../api/gift-cards';

/** 'Løs inn gavekort' on /profil: the code from the gift card; its value becomes the family's credit. */
export function RedeemGiftCard({ profileId, refresh }: { profileId: string; refresh: readonly QueryKey[] }) {
  const mutation = useRedeemGiftCard(profileId, refresh);
  const { register, handleSubmit, errors, reset } = useZodForm(giftCardRedeemInputSchema, {
    defaultValues: { code: '' },
    messages: { code: { required: 'Skriv inn koden fra gavekortet.' } },
  });
  const done = mutation.data;
  useEffect(() => {
    if (done) reset();
  }, [done, reset]);
  const onSubmit = handleSubmit(({ code }) => mutation.mutate(code));
  return (
    <section aria-labelledby="gavekort-tittel" className="mt-6 rounded-2xl border border-sand-200 p-4">
      <h3 id="gavekort-tittel" className="mb-2 font-bold text-sea-900">
        Løs inn gavekort
      </h3>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-busy={mutation.isPending}>
        <TextInput
          label="Kode"
          hint="12 tegn, for eksempel ABCD-EFGH-JKMN."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          readOnly={mutation.isPending}
          error={errors.code?.message}
          fieldClassName="sm:flex-1"
          {...register('code')}
        />
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Løser inn …' : 'Løs inn'}
        </Button>
      </form>
      {mutation.isError ? <FormError>{errorMessage(mutation.error, 'Kunne ikke løse inn gavekortet')}</FormError> : null}
      <p role="status" className={done && mutation.isSuccess ? 'mt-3 rounded-xl bg-success-bg p-3 font-medium text-success' : 'sr-only'}>
        {done && mutation.isSuccess
          ? `Gavekortet er løst inn: ${formatKr(krToOre(done.amount))} er lagt til tilgodebeløpet, gyldig til ${formatDate(done.expiresAt)}.`
          : ''}
      </p>
    </section>
  );
}
