import { lazy, Suspense, useMemo, useState } from 'react';
import {
  noOrdersMessage,
  periodRange,
  STATISTICS_DEFAULT_PERIOD,
  STATISTICS_INITIAL_TITLE,
  STATISTICS_PERIODS,
  type StatisticsPeriod,
} from '@shared/statistics';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePaymentStatistics } from '../api/get-payment-statistics';

// ECharts is large: it is fetched when the first chart is drawn, on this page only.
const PaymentsChart = lazy(() => import('./payments-chart'));

interface Shown {
  period: StatisticsPeriod;
  title: string;
  start: string;
  end: string;
}

function shownFor(period: StatisticsPeriod, title: string): Shown {
  const range = periodRange(period, new Date());
  return { period, title, start: range.start.toISOString(), end: range.end.toISOString() };
}

/** The order statistics panel (spec §2, §4, §9): 'Hent graf' (last 30 days), then the periods and chart types. */
export function StatisticsPanel() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [type, setType] = useState<'line' | 'column'>('line');
  const stats = usePaymentStatistics(shown ? { start: shown.start, end: shown.end } : null);
  const buckets = useMemo(() => (stats.data?.buckets ?? []).map((b) => ({ t: Date.parse(b.t), count: b.count })), [stats.data]);

  if (!shown) {
    return (
      <section aria-label="Statistikk" className="rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5">
        <Button onClick={() => setShown(shownFor(STATISTICS_DEFAULT_PERIOD, STATISTICS_INITIAL_TITLE))}>Hent graf</Button>
      </section>
    );
  }

  return (
    <section aria-label="Statistikk" className="rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Periode">
        {STATISTICS_PERIODS.map((p) => (
          <Button
            key={p.key}
            variant={shown.title === p.title ? 'primary' : 'secondary'}
            aria-pressed={shown.title === p.title}
            onClick={() => setShown(shownFor(p.key, p.title))}
          >
            {p.button}
          </Button>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <div className="flex gap-2" role="group" aria-label="Graftype">
          <Button variant={type === 'line' ? 'primary' : 'secondary'} aria-pressed={type === 'line'} onClick={() => setType('line')}>
            Linje
          </Button>
          <Button variant={type === 'column' ? 'primary' : 'secondary'} aria-pressed={type === 'column'} onClick={() => setType('column')}>
            Kolonne
          </Button>
        </div>
        <Button variant="ghost" onClick={() => setShown(null)}>
          Skjul graf
        </Button>
      </div>
      <div className="mt-4 rounded-[5px] border border-[#d3d3d3] p-2" aria-busy={stats.isFetching}>
        {stats.isPending ? (
          <Skeleton className="h-80 w-full sm:h-96" />
        ) : stats.isError ? (
          // Decision 029: a failed fetch says so, not that there were no orders.
          <p role="alert" className="p-4 font-semibold text-danger">
            Kunne ikke hente statistikk
          </p>
        ) : stats.data.total === 0 ? (
          <p role="status" className="p-4 font-semibold">
            {noOrdersMessage(shown.title)}
          </p>
        ) : (
          <figure>
            <Suspense fallback={<Skeleton className="h-80 w-full sm:h-96" />}>
              <PaymentsChart title={shown.title} bucket={stats.data.bucket} buckets={buckets} type={type} />
            </Suspense>
            <figcaption className="sr-only">
              {shown.title}: {stats.data.total} betalte ordre
            </figcaption>
          </figure>
        )}
      </div>
    </section>
  );
}
