import { seasonInputSchema, type Season } from '@shared/api';
import { SEASON_NAME_MAX } from '@shared/constants';
import { DateInput, FormActions, TextInput, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { useCreateSeason, useUpdateSeason } from '@/features/seasons/api/seasons';

const messages = {
  name: { required: 'Skriv inn et navn.', too_big: `Navnet kan ha maks ${SEASON_NAME_MAX} tegn.` },
  startsOn: { required: 'Velg første dag i sesongen.' },
  endsOn: { required: 'Velg siste dag i sesongen.' },
};

/** A season's name and days (a new one when `season` is undefined): 'Avbryt' and 'Lagre' (decision 053). */
export function SeasonForm({ season, onDone }: { season?: Season; onDone: () => void }) {
  const create = useCreateSeason();
  const update = useUpdateSeason();
  const busy = create.isPending || update.isPending;
  const { register, handleSubmit, errors } = useZodForm(seasonInputSchema, {
    defaultValues: { name: season?.name ?? '', startsOn: season?.startsOn ?? '', endsOn: season?.endsOn ?? '' },
    messages,
  });

  const save = handleSubmit(async (values) => {
    try {
      await (season ? update.mutateAsync({ id: season._id, ...values }) : create.mutateAsync(values));
      toast.success('Sesongen er lagret');
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, 'Kunne ikke lagre sesongen'));
    }
  });

  return (
    <form onSubmit={save} noValidate className="space-y-4" aria-label={season ? `Endre ${season.name}` : 'Ny sesong'}>
      <TextInput label="Navn" placeholder="Høst 2026" error={errors.name?.message} {...register('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateInput label="Fra" error={errors.startsOn?.message} {...register('startsOn')} />
        <DateInput label="Til" error={errors.endsOn?.message} {...register('endsOn')} />
      </div>
      <FormActions onCancel="modal" busy={busy} />
    </form>
  );
}
