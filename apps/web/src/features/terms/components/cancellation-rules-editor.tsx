import { cancellationRulesFormSchema, toCancellationRules, toCancellationRulesForm, type CancellationRules } from '@shared/api';
import { FormActions, Select, TextInput, WholeNumberInput, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { useSaveCancellationRules } from '@/features/terms/api/terms';

const days = 'Antall dager må være et helt tall fra 0 til 365.';
const fee = 'Gebyret må være et tall fra 0 og oppover.';
const messages = {
  fullRefundDaysBefore: { required: days, invalid_type: days, not_integer: days, too_small: days, too_big: days },
  fee: { required: fee, invalid_type: fee, too_small: fee, too_big: 'Gebyret er for stort.' },
};

const AFTER_START_OPTIONS = [
  { value: 'none', label: 'Ingen refusjon' },
  { value: 'remaining', label: 'Andelen for kursdagene som gjenstår' },
  { value: 'byAgreement', label: 'Etter avtale (forespørsel til admin)' },
];

/** Admin: the cancellation rules; 'Lagre' makes a new version (orders keep the version they were bought under). */
export function CancellationRulesEditor({ rules, onDone }: { rules: CancellationRules; onDone: () => void }) {
  const save = useSaveCancellationRules();
  const { register, handleSubmit, watch, errors } = useZodForm(cancellationRulesFormSchema, {
    defaultValues: toCancellationRulesForm(rules),
    messages,
  });

  const onSave = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toCancellationRules(values));
      toast.success(`Avbestillingsreglene ble lagret som versjon ${saved.version}`);
      onDone();
    } catch {
      toast.error('Kunne ikke lagre avbestillingsreglene');
    }
  });

  return (
    <form onSubmit={onSave} noValidate aria-label="Rediger avbestillingsregler" className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-2 ring-sea-700/40">
      <WholeNumberInput
        label="Full refusjon til så mange dager før første kursdag"
        error={errors.fullRefundDaysBefore?.message}
        {...register('fullRefundDaysBefore', { valueAsNumber: true })}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Select
          label="Gebyr etter fristen"
          options={[
            { value: 'percent', label: 'Prosent av beløpet' },
            { value: 'fixed', label: 'Fast beløp (kr)' },
          ]}
          {...register('feeKind')}
        />
        <TextInput
          label={watch('feeKind') === 'fixed' ? 'Gebyr (kr)' : 'Gebyr (%)'}
          type="number"
          step="any"
          inputMode="decimal"
          error={errors.fee?.message}
          {...register('fee', { valueAsNumber: true })}
        />
      </div>
      <Select label="Etter at kurset har startet" options={AFTER_START_OPTIONS} {...register('afterStart')} />
      <FormActions onCancel={onDone} busy={save.isPending} />
    </form>
  );
}
