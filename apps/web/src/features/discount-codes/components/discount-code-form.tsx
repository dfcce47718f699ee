import { useState, type FormEvent } from 'react';
import { discountCodeInputSchema, type DiscountCode } from '@shared/api';
import { DateInput, FormActions, FormError, Select, TextInput, WholeNumberInput } from '@/components/ui/form';
import { MultiSelect, type MultiSelectOption } from '@/components/ui/multi-select';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { osloDateKey } from '@/lib/format';
import { useCreateDiscountCode, useUpdateDiscountCode } from '../api/discount-codes';

type Fields = { code: string; kind: 'percent' | 'amount'; value: string; validFrom: string; validTo: string; maxUses: string; maxUsesPerFamily: string; courseIds: string[]; venueIds: string[] };

const fieldsOf = (code?: DiscountCode): Fields => ({
  code: code?.code ?? '',
  kind: code?.kind ?? 'percent',
  value: String(code?.percent ?? code?.amountKr ?? ''),
  validFrom: code?.validFrom ?? osloDateKey(new Date()),
  validTo: code?.validTo ?? '',
  maxUses: code?.maxUses?.toString() ?? '',
  maxUsesPerFamily: code?.maxUsesPerFamily?.toString() ?? '1',
  courseIds: code?.courseIds ?? [],
  venueIds: code?.venueIds ?? [],
});

/** A blank limit is none; anything else is sent as a number (the shared schema says what is wrong with it). */
const limit = (text: string) => (text.trim() === '' ? null : Number(text));

/** The venues and courses a code can be limited to (composed by the route). */
export type ScopeOptions = { venues: readonly MultiSelectOption[]; courses: readonly MultiSelectOption[] };

/** A new code (`code` undefined) or an existing one's terms: the shared schema checks, as the server does. */
export function DiscountCodeForm({ code, scope, onDone }: { code?: DiscountCode; scope: ScopeOptions; onDone: () => void }) {
  const create = useCreateDiscountCode();
  const update = useUpdateDiscountCode();
  const busy = create.isPending || update.isPending;
  const [fields, setFields] = useState(() => fieldsOf(code));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof Fields>(key: K) => (value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(fields.value.trim() === '' ? Number.NaN : fields.value);
    const input = {
      code: code?.code ?? fields.code,
      ...(fields.kind === 'percent' ? { kind: 'percent' as const, percent: value } : { kind: 'amount' as const, amountKr: value }),
      validFrom: fields.validFrom,
      validTo: fields.validTo,
      maxUses: limit(fields.maxUses),
      maxUsesPerFamily: limit(fields.maxUsesPerFamily),
      courseIds: fields.courseIds,
      venueIds: fields.venueIds,
    };
    const parsed = discountCodeInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'kind');
        found[key === 'percent' || key === 'amountKr' ? 'value' : key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      if (code) await update.mutateAsync({ id: code._id, ...parsed.data, retired: code.retired });
      else await create.mutateAsync(parsed.data);
      toast.success('Rabattkoden er lagret');
      onDone();
    } catch (error) {
      setFailure(errorMessage(error, 'Kunne ikke lagre rabattkoden'));
    }
  };

  // A chosen course outside the list's window is still shown (and kept) by its id.
  const courseOptions = [...scope.courses, ...fields.courseIds.filter((id) => !scope.courses.some((o) => o.value === id)).map((id) => ({ value: id, label: `Kurs ${id}` }))];

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="space-y-4" aria-label={code ? `Endre ${code.code}` : 'Ny rabattkode'}>
      <TextInput
        label="Kode"
        hint="4–32 tegn: bokstaver, tall og bindestrek. Store og små bokstaver regnes som like."
        autoCapitalize="characters"
        spellCheck={false}
        readOnly={!!code || busy}
        value={fields.code}
        error={errors.code}
        onChange={(e) => set('code')(e.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Rabatt i"
          value={fields.kind}
          disabled={busy}
          options={[
            { value: 'percent', label: 'Prosent' },
            { value: 'amount', label: 'Kroner' },
          ]}
          onChange={(e) => set('kind')(e.target.value === 'amount' ? 'amount' : 'percent')}
        />
        <WholeNumberInput
          label={fields.kind === 'percent' ? 'Prosent' : 'Beløp i kr'}
          min={1}
          readOnly={busy}
          value={fields.value}
          error={errors.value ?? errors.kind}
          onChange={(e) => set('value')(e.target.value)}
        />
        <DateInput label="Gyldig fra" readOnly={busy} value={fields.validFrom} error={errors.validFrom} onChange={(e) => set('validFrom')(e.target.value)} />
        <DateInput label="Gyldig til" readOnly={busy} value={fields.validTo} error={errors.validTo} onChange={(e) => set('validTo')(e.target.value)} />
        <WholeNumberInput label="Antall bruk totalt" hint="Tomt: ingen grense." min={1} readOnly={busy} value={fields.maxUses} error={errors.maxUses} onChange={(e) => set('maxUses')(e.target.value)} />
        <WholeNumberInput
          label="Antall bruk per familie"
          hint="Tomt: ingen grense."
          min={1}
          readOnly={busy}
          value={fields.maxUsesPerFamily}
          error={errors.maxUsesPerFamily}
          onChange={(e) => set('maxUsesPerFamily')(e.target.value)}
        />
      </div>
      <MultiSelect label="Bare for kurssteder" placeholder="Alle kurssteder" options={scope.venues} value={fields.venueIds} onChange={set('venueIds')} disabled={busy} error={errors.venueIds} />
      <MultiSelect label="Bare for kurs" placeholder="Alle kurs" hint="Velger du både kurssteder og kurs, gjelder koden for alle kursene på stedene og de valgte kursene." options={courseOptions} value={fields.courseIds} onChange={set('courseIds')} disabled={busy} error={errors.courseIds} />
      <FormError>{failure}</FormError>
      <FormActions onCancel="modal" busy={busy} />
    </form>
  );
}
