import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { creditSettingsSchema, type CreditSettings } from '@shared/api';
import { cancellationRulesText } from '@shared/cancellation';
import { FormActions, WholeNumberInput, useZodForm } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime } from '@/lib/format';
import { useChangeSettings, useSettings } from '@/features/settings/api/settings';

type Version<T> = { version: number; value: T; createdAt: string | null; changedBy: string | null };

const months = (n: number) => `${n} ${n === 1 ? 'måned' : 'måneder'}`;

/** A slice's versions, newest first: who changed it and when ('Standardverdi' before anybody did). */
function History<T>({ id, versions, describe }: { id: string; versions: Version<T>[]; describe: (value: T) => ReactNode }) {
  return (
    <details className="mt-4">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-sea-800">Versjoner ({versions.length})</summary>
      <ol aria-label="Versjoner" id={id} className="mt-2 divide-y divide-sea-100 rounded-xl border border-sea-100 bg-white">
        {versions.map((v) => (
          <li key={v.version} className="px-4 py-3">
            <p className="font-semibold">
              Versjon {v.version}
              {v.version === versions[0]!.version ? ' (gjeldende)' : ''}
            </p>
            <p className="text-sm text-muted">
              {v.createdAt ? `${formatDateTime(v.createdAt)}${v.changedBy ? `, av ${v.changedBy}` : ''}` : 'Standardverdi (ikke endret ennå)'}
            </p>
            <div className="text-sm break-words">{describe(v.value)}</div>
          </li>
        ))}
      </ol>
    </details>
  );
}

const creditMessages = { months: { required: 'Skriv inn antall måneder.' } };

/** The slice 'credit': how long a family credit lasts; 'Lagre' makes a new version (credit given before keeps its expiry). */
function CreditForm({ current }: { current: CreditSettings }) {
  const change = useChangeSettings();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useZodForm(creditSettingsSchema, { defaultValues: current, messages: creditMessages });
  const save = handleSubmit(async (value) => {
    try {
      const saved = await change.mutateAsync({ slice: 'credit', value });
      reset(value);
      toast.success(`Lagret som versjon ${saved.version}`);
    } catch (error) {
      toast.error(errorMessage(error, 'Kunne ikke lagre innstillingen'));
    }
  });
  return (
    <form onSubmit={save} noValidate aria-label="Endre gyldighet for tilgodebeløp" className="mt-4 max-w-md space-y-4">
      <WholeNumberInput
        label="Gyldighet (måneder)"
        error={errors.months?.message}
        {...register('months', { valueAsNumber: true })}
      />
      {isDirty ? <FormActions onCancel={() => reset(current)} busy={change.isPending} /> : null}
    </form>
  );
}

/** /admin/innstillinger (decision 054): each slice's values in force, a form for a new version, and its history. */
export function SettingsOverviewPage() {
  const settings = useSettings();
  if (settings.isPending) return <Skeleton className="h-48 w-full rounded-xl" />;
  if (settings.isError) {
    return <p role="alert">{errorMessage(settings.error, 'Kunne ikke hente innstillingene')}</p>;
  }
  const credit = settings.data.credit;
  const cancellation = settings.data.cancellation;
  return (
    <div className="space-y-10">
      <TitledSection id="innstilling-tilgode" title="Tilgodebeløp">
        <p className="mt-2" data-testid="credit-months-current">
          Et tilgodebeløp gjelder i <strong>{months(credit[0]!.value.months)}</strong> fra det ble gitt (versjon {credit[0]!.version}).
        </p>
        {/* Mounted per version: the form starts from the values in force. */}
        <CreditForm key={credit[0]!.version} current={credit[0]!.value} />
        <History id="versjoner-tilgode" versions={credit} describe={(value) => `Gyldighet: ${months(value.months)}`} />
      </TitledSection>
      <TitledSection id="innstilling-avbestilling" title="Avbestillingsregler">
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {cancellationRulesText(cancellation[0]!.value).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <p className="mt-3">
          Versjon {cancellation[0]!.version}. Reglene endres på{' '}
          <Link to={paths.terms} className="font-semibold text-sea-800 underline">
            Regler og betingelser
          </Link>
          ; hver bestilling følger versjonen den ble kjøpt under.
        </p>
        <History
          id="versjoner-avbestilling"
          versions={cancellation}
          describe={(value) => (
            <ul className="list-disc pl-5">
              {cancellationRulesText(value).map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
        />
      </TitledSection>
    </div>
  );
}
