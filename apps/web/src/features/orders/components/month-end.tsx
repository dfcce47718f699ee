import { useState } from 'react';
import { bookkeepingQuerySchema, type Reconciliation } from '@shared/api';
import { osloDateKey } from '@shared/format';
import { Button } from '@/components/ui/button';
import { DateInput, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { saveFile } from '@/lib/save-file';
import { getBookkeepingFile, getReconciliation, settleReconciliation } from '@/features/orders/api/orders';
import { TitledSection } from '@/components/ui/titled-section';

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

/** Admin: the month-end (issue 40) for any period: the bookkeeping file as CSV or Excel, and the reconciliation with Vipps. */
export function MonthEnd() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Reconciliation | null>(null);
  const { register, handleSubmit, errors } = useZodForm(bookkeepingQuerySchema, { defaultValues: { ...lastMonth(), format: 'csv' } });
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
  const compare = (settle: boolean) =>
    handleSubmit(async ({ from, to }) => {
      setBusy(true);
      try {
        const answer = settle ? await settleReconciliation({ from, to }) : await getReconciliation({ from, to });
        setResult(answer);
        if (settle) toast.success(answer.settled ? `${answer.settled} avvik ble rettet` : 'Ingenting å rette');
      } catch (error) {
        toast.error(errorMessage(error, 'Kunne ikke sammenligne med Vipps'));
      } finally {
        setBusy(false);
      }
    });
  return (
    <TitledSection id="regnskap" title="Regnskapsfil" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line">
      <p className="text-muted">
        Alle betalinger og refusjoner i perioden, med summer per kurs og per måned. Sammenlign med Vipps for å finne avvik.
      </p>
      <form noValidate onSubmit={(e) => void download('csv')(e)} className="flex flex-wrap items-end gap-4">
        <DateInput label="Fra og med" error={errors.from?.message} {...register('from')} />
        <DateInput label="Til og med" error={errors.to?.message} {...register('to')} />
        <Button type="submit" variant="secondary" disabled={busy}>
          Last ned CSV
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={(e) => void download('xlsx')(e)}>
          Last ned Excel
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={(e) => void compare(false)(e)}>
          Sammenlign med Vipps
        </Button>
      </form>
      {result ? (
        <div role="status" className="space-y-3">
          <p>
            {result.ordersChecked} ordre sjekket mot Vipps:{' '}
            {result.differences.length === 0 ? 'ingen avvik.' : `${result.differences.length} avvik (betalingshendelser).`}
          </p>
          {result.differences.length ? (
            <ul className="space-y-2">
              {result.differences.map((d) => (
                <li key={`${d.orderId}-${d.reason}`} className="rounded-xl bg-sand-100 p-3">
                  <strong>{d.humanReference}</strong>: {d.detail}
                  {d.settleable ? ' Kan rettes automatisk.' : ' Må sjekkes av deg.'}
                </li>
              ))}
            </ul>
          ) : null}
          {result.differences.some((d) => d.settleable) ? (
            <Button variant="secondary" disabled={busy} onClick={(e) => void compare(true)(e)}>
              Rett opp det som kan rettes
            </Button>
          ) : null}
        </div>
      ) : null}
    </TitledSection>
  );
}
