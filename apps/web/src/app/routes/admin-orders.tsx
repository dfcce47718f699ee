import { useSearchParams } from 'react-router';
import { Container, PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';
import { MonthEnd } from '@/features/orders/components/month-end';
import { OrdersList } from '@/features/orders/components/orders-list';
import { StatisticsPanel } from '@/features/statistics/components/statistics-panel';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/ordre 'Ordre' (spec §2): the statistics panel and the orders list. */
export function Component() {
  useDocumentTitle(pageTitle('Ordre'));
  // 'Drift' links here with ?hendelser=apne: the list starts with the open payment incidents.
  const [params] = useSearchParams();
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Ordre" />
      <div className="space-y-8">
        <StatisticsPanel />
        <MonthEnd />
        <OrdersList openIncidentsFirst={params.get('hendelser') === 'apne'} />
      </div>
    </Container>
  );
}
