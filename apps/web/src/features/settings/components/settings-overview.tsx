import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { SETTINGS_SLICES, type AbsenceSettings, type CertificateSettings, type ClosureSettings, type RolloverSettings, type SettingsOf, type SiblingDiscountSettings, type WaitlistSettings } from '@shared/api';
import { cancellationRulesText } from '@shared/cancellation';
import { countOf } from '@shared/format';
import { Checkbox, DateInput, FormActions, Select, WholeNumberInput, useZodForm } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { formatDate, formatDateTime, formatKr, krToOre } from '@/lib/format';
import { useChangeSettings, useSettings, type SettingsChange } from '@/features/settings/api/settings';

type Version<T> = { version: number; value: T; createdAt: string | null; changedBy: string | null };

const months = (n: number) => countOf(n, 'måned', 'måneder');

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

type FormSlice = 'credit' | 'waitlist' | 'closures' | 'certificate' | 'siblingDiscount' | 'rollover' | 'absences';
type NumberField<S extends FormSlice> = { name: keyof SettingsOf<S> & string; label: string; required: string };

/** One slice's form: 'Lagre' makes a new version; what was decided under the old one keeps it. */
type SliceFormProps<S extends FormSlice> = { slice: S; current: SettingsOf<S>; label: string; numbers: NumberField<S>[] };

function SliceForm<S extends FormSlice>({ slice, current, label, numbers }: SliceFormProps<S>) {
  const change = useChangeSettings();
  const messages = Object.fromEntries(numbers.map((f) => [f.name, { required: f.required }]));
  const { register, handleSubmit, reset, errors, formState, watch } = useZodForm(
    SETTINGS_SLICES[slice] as unknown as z.ZodType<Record<string, unknown>, Record<string, unknown>>,
    { defaultValues: current as Record<string, unknown>, messages },
  );
  const save = handleSubmit(async (value) => {
    try {
      const saved = await change.mutateAsync({ slice, value } as SettingsChange);
      reset(value);
      toast.success(`Lagret som versjon ${saved.version}`);
    } catch (error) {
      toast.error(errorMessage(error, 'Kunne ikke lagre innstillingen'));
    }
  });
  const errorOf = (name: string) => (errors[name]?.message as string | undefined) ?? undefined;
  return (
    <form onSubmit={save} noValidate aria-label={label} className="mt-4 max-w-md space-y-4">
      {numbers.map((f) => (
        <WholeNumberInput key={f.name} label={f.label} error={errorOf(f.name)} {...register(f.name, { valueAsNumber: true })} />
      ))}
      {slice === 'absences' ? <Checkbox label="Fravær og erstatningstimer er på for hele skolen" error={errorOf('enabled')} {...register('enabled')} /> : null}
      {slice === 'closures' ? <Select label="Når familien ikke velger" options={DEFAULT_CHOICES} error={errorOf('defaultChoice')} {...register('defaultChoice')} /> : null}
      {slice === 'siblingDiscount' ? (
        <>
          <Select label="Søskenrabatt" options={SIBLING_TYPES} error={errorOf('type')} {...register('type')} />
          {watch('type') === 'percent' ? <WholeNumberInput label="Rabatt (prosent)" error={errorOf('percent')} {...register('percent', { valueAsNumber: true })} /> : null}
          {watch('type') === 'amount' ? <WholeNumberInput label="Rabatt (kr)" error={errorOf('amountKr')} {...register('amountKr', { valueAsNumber: true })} /> : null}
          {watch('type') !== 'off' ? <DateInput label="Gjelder betalinger fra" error={errorOf('from')} {...register('from')} /> : null}
        </>
      ) : null}
      {formState.isDirty ? <FormActions onCancel={() => reset(current as Record<string, unknown>)} busy={change.isPending} /> : null}
    </form>
  );
}

const DEFAULT_CHOICES = [
  { value: 'credit', label: 'Tilgodebeløp' },
  { value: 'refund', label: 'Refusjon til Vipps' },
];
const choiceText = (choice: ClosureSettings['defaultChoice']) => DEFAULT_CHOICES.find((c) => c.value === choice)!.label.toLowerCase();
const hours = (n: number) => countOf(n, 'time', 'timer');
const days = (n: number) => countOf(n, 'dag', 'dager');
const waitlistText = (v: WaitlistSettings) =>
  `Et tilbud gjelder i ${hours(v.offerHours)}, eller ${hours(v.shortOfferHours)} når kurset starter innen 3 dager. Fortrinnsretten varer ${days(v.priorityDays)} om ikke annet velges.`;
const closuresText = (v: ClosureSettings) =>
  `Angrefrist ${countOf(v.undoMinutes, 'minutt', 'minutter')}. Familien har ${days(v.choiceDays)} på å velge, ellers får den ${choiceText(v.defaultChoice)}.`;

const certificateText = (v: CertificateSettings) => `'Kursbevis' gis når barnet har vært med på minst ${v.minAttendancePercent} % av kursdagene som ble holdt.`;
const CERTIFICATE_NUMBERS: NumberField<'certificate'>[] = [
  { name: 'minAttendancePercent', label: 'Oppmøte som gir kursbevis (prosent)', required: 'Skriv inn en prosent.' },
];
const rolloverText = (v: RolloverSettings) => `'Behold plassen': familien har ${days(v.replyByDays)} på å svare, om admin ikke velger en annen svarfrist.`;
const ROLLOVER_NUMBERS: NumberField<'rollover'>[] = [{ name: 'replyByDays', label: 'Svarfrist for familien (dager)', required: 'Skriv inn antall dager.' }];
const absencesText = (v: AbsenceSettings) =>
  v.enabled
    ? `Fravær meldt senest ${hours(v.deadlineHours)} før timen gir en erstatningstime, høyst ${v.tokensPerCourse} per barn og kurs. En erstatningstime gjelder ut sesongen, men minst ${days(v.tokenMinDays)}.`
    : 'Fravær og erstatningstimer er slått av.';
const ABSENCE_NUMBERS: NumberField<'absences'>[] = [
  { name: 'deadlineHours', label: 'Frist for fravær som gir erstatningstime (timer før)', required: 'Skriv inn antall timer.' },
  { name: 'tokensPerCourse', label: 'Erstatningstimer per barn og kurs', required: 'Skriv inn et antall.' },
  { name: 'tokenMinDays', label: 'En erstatningstime gjelder minst (dager)', required: 'Skriv inn antall dager.' },
];
const SIBLING_TYPES = [
  { value: 'off', label: 'Av' },
  { value: 'percent', label: 'Prosent av prisen' },
  { value: 'amount', label: 'Beløp i kr' },
];
const siblingText = (v: SiblingDiscountSettings) =>
  v.type === 'off'
    ? 'Ingen søskenrabatt.'
    : `${v.type === 'percent' ? `${v.percent} %` : formatKr(krToOre(v.amountKr))} av prisen for hvert barn etter det første som er booket i sesongen, for betalinger fra ${formatDate(v.from)}.`;

const WAITLIST_NUMBERS: NumberField<'waitlist'>[] = [
  { name: 'offerHours', label: 'Et tilbud gjelder i (timer)', required: 'Skriv inn antall timer.' },
  { name: 'shortOfferHours', label: 'Når kurset starter innen 3 dager (timer)', required: 'Skriv inn antall timer.' },
  { name: 'priorityDays', label: 'Fortrinnsrett, foreslått lengde (dager)', required: 'Skriv inn antall dager.' },
];
const CLOSURE_NUMBERS: NumberField<'closures'>[] = [
  { name: 'undoMinutes', label: 'Angrefrist før familiene får e-post (minutter)', required: 'Skriv inn antall minutter.' },
  { name: 'choiceDays', label: 'Svarfrist for familien (dager)', required: 'Skriv inn antall dager.' },
];

/** A slice said in one sentence: the values in force, a form for a new version (mounted per version) and the history. */
function SentenceSlice<S extends 'waitlist' | 'closures' | 'certificate' | 'siblingDiscount' | 'rollover' | 'absences'>(props: Omit<SliceFormProps<S>, 'current'> & { id: string; title: string; versions: Version<SettingsOf<S>>[]; text: (value: SettingsOf<S>) => string }) {
  const { id, title, versions, text, ...form } = props;
  const current = versions[0]!;
  return (
    <TitledSection id={`innstilling-${id}`} title={title}>
      <p className="mt-2">
        {text(current.value)} (versjon {current.version})
      </p>
      <SliceForm key={current.version} current={current.value} {...form} />
      <History id={`versjoner-${id}`} versions={versions} describe={text} />
    </TitledSection>
  );
}

/** /admin/innstillinger (decision 054): each slice's values in force, a form for a new version, and its history. */
export function SettingsOverviewPage() {
  const settings = useSettings();
  if (settings.isPending) return <Skeleton className="h-48 w-full rounded-xl" />;
  if (settings.isError) {
    return <p role="alert">{errorMessage(settings.error, 'Kunne ikke hente innstillingene')}</p>;
  }
  const { credit, cancellation, waitlist, closures, certificate, siblingDiscount, rollover, absences } = settings.data;
  return (
    <div className="space-y-10">
      <TitledSection id="innstilling-tilgode" title="Tilgodebeløp">
        <p className="mt-2" data-testid="credit-months-current">
          Et tilgodebeløp gjelder i <strong>{months(credit[0]!.value.months)}</strong> fra det ble gitt (versjon {credit[0]!.version}).
        </p>
        {/* Mounted per version: the form starts from the values in force. */}
        <SliceForm
          key={credit[0]!.version}
          slice="credit"
          current={credit[0]!.value}
          label="Endre gyldighet for tilgodebeløp"
          numbers={[{ name: 'months', label: 'Gyldighet (måneder)', required: 'Skriv inn antall måneder.' }]}
        />
        <History id="versjoner-tilgode" versions={credit} describe={(value) => `Gyldighet: ${months(value.months)}`} />
      </TitledSection>
      <SentenceSlice id="venteliste" title="Venteliste" slice="waitlist" versions={waitlist} text={waitlistText} label="Endre ventelisten" numbers={WAITLIST_NUMBERS} />
      <SentenceSlice id="avlysning" title="Avlyste timer" slice="closures" versions={closures} text={closuresText} label="Endre avlyste timer" numbers={CLOSURE_NUMBERS} />
      <SentenceSlice id="kursbevis" title="Kursbevis" slice="certificate" versions={certificate} text={certificateText} label="Endre kravet til kursbevis" numbers={CERTIFICATE_NUMBERS} />
      <SentenceSlice id="soskenrabatt" title="Søskenrabatt" slice="siblingDiscount" versions={siblingDiscount} text={siblingText} label="Endre søskenrabatten" numbers={[]} />
      <SentenceSlice id="behold-plassen" title="Behold plassen" slice="rollover" versions={rollover} text={rolloverText} label="Endre svarfristen" numbers={ROLLOVER_NUMBERS} />
      <SentenceSlice id="fravaer" title="Fravær og erstatningstimer" slice="absences" versions={absences} text={absencesText} label="Endre fravær og erstatningstimer" numbers={ABSENCE_NUMBERS} />
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
