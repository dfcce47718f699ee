import { useState } from 'react';
import { bookkeepingQuerySchema } from '@shared/api';
import { osloDateKey } from '@shared/format';
import { Button } from '@/components/ui/button';
import { DateInput, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { saveFile } from '@/lib/save-file';
import { getBookkeepingFile } from '../api/family-payments';

const TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** The previous month, as the bookkeeper usually asks for it. */
function lastMonth(now = new Date()): { from: string; to: string } {
  const [y, m] = osloDateKey(now).split('-').map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${days}` };
}

/** Admin: the month-end's bookkeeping file (issue 40) for any period, as CSV or Excel. */
export function BookkeepingExport() {
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(bookkeepingQuerySchema, { defaultValues: { ...lastMonth(), format: 'csv' } });
  const download = (format: 'csv' | 'xlsx') =>
    handleSubmit(async ({ from, to }) => {
      setBusy(true);
      try {
        saveFile(await getBookkeepingFile({ from, to, format }), `regnskap-${from}-${to}.${format}`, TYPES[format]);
      } catch (error) {
        toast.error(errorMessage(error, 'Kunne ikke hente regnskapsfilen'));
      } finally {
        setBusy(false);
      }
    });
  return (
    <section aria-labelledby="regnskap" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line">
      <h2 id="regnskap" className="text-xl font-bold text-sea-900">
        Regnskapsfil
      </h2>
      <p className="text-muted">Alle betalinger og refusjoner i perioden, med summer per kurs og per måned.</p>
      <form noValidate onSubmit={(e) => void download('csv')(e)} className="flex flex-wrap items-end gap-4">
        <DateInput label="Fra og med" error={errors.from?.message} {...register('from')} />
        <DateInput label="Til og med" error={errors.to?.message} {...register('to')} />
        <Button type="submit" variant="secondary" disabled={busy}>
          Last ned CSV
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={(e) => void download('xlsx')(e)}>
          Last ned Excel
        </Button>
      </form>
    </section>
  );
}
