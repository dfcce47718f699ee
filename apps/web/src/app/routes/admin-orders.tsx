import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page-header';
import { MonthEnd } from '@/features/orders/components/month-end';
import { OrdersList } from '@/features/orders/components/orders-list';
import { StatisticsPanel } from '@/features/statistics/components/statistics-panel';

/** /admin/ordre 'Ordre' (spec §2): the statistics panel and the orders list. */
export function Component() {
  // 'Drift' links here with ?hendelser=apne: the list starts with the open payment incidents.
  const [params] = useSearchParams();
  return (
    <Page title="Ordre">
      <div className="space-y-8">
        <StatisticsPanel />
        <MonthEnd />
        <OrdersList openIncidentsFirst={params.get('hendelser') === 'apne'} />
      </div>
    </Page>
  );
}
