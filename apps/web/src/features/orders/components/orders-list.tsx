import { useEffect, useId, useState } from 'react';
import { ORDER_STATUSES, ORDERS_PAGE_SIZE, type OrderStatus, USER_SEARCH_DEBOUNCE_MS } from '@shared/constants';
import { paymentStatusLabel } from '@shared/payment-status';
import { Button } from '@/components/ui/button';
import { Checkbox, DateInput, Select, TextInput } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { site } from '@/config/site';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useOrders } from '@/features/orders/api/orders';
import { OrderCard } from './order-card';
import { OrderActions } from './refund-dialog';

/** Two statuses share the spec's label 'Avbrutt av {company}': the filter tells them apart. */
const FILTER_NOTE: Partial<Record<OrderStatus, string>> = { cancelled: ' (etter godkjenning)', terminated: ' (før godkjenning)' };

const STATUS_OPTIONS = [
  { value: '', label: 'Alle' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: `${paymentStatusLabel(s, site.companyName)}${FILTER_NOTE[s] ?? ''}` })),
];

/** The orders list (admin): 24 per page, newest first, searched and filtered; refund and cancel per order. */
export function OrdersList({ openIncidentsFirst = false }: { /** Start filtered to open payment incidents ('Drift' links here). */ openIncidentsFirst?: boolean } = {}) {
  const ids = { status: useId(), search: useId() };
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [incidents, setIncidents] = useState(openIncidentsFirst);
  const q = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const orders = useOrders({ limit: ORDERS_PAGE_SIZE, page, status, from: from || undefined, to: to || undefined, q: q || undefined, incident: incidents ? 'open' : undefined });
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / ORDERS_PAGE_SIZE)) : 1;

  useEffect(() => {
    if (orders.isError) toast.error('Kunne ikke hente ordre');
  }, [orders.isError]);

  const filter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <section aria-labelledby={`${ids.status}-h`}>
      <h2 id={`${ids.status}-h`} className="text-2xl font-bold text-sea-900">
        Ordreliste
      </h2>
      <div className="mt-3 grid grid-cols-1 gap-3 rounded-2xl border border-line bg-white p-4 shadow-sm sm:grid-cols-3">
        <TextInput
          id={ids.search}
          label="Søk"
          hint="Referanse eller navn på forelder"
          type="search"
          autoComplete="off"
          maxLength={100}
          fieldClassName="sm:col-span-3"
          value={search}
          onChange={(e) => filter(setSearch)(e.target.value)}
        />
        <Select
          id={ids.status}
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(e) => filter(setStatus)(e.target.value as OrderStatus | '')}
        />
        <DateInput label="Fra dato" value={from} max={to || undefined} onChange={(e) => filter(setFrom)(e.target.value)} />
        <DateInput label="Til dato" value={to} min={from || undefined} onChange={(e) => filter(setTo)(e.target.value)} />
        <Checkbox
          label="Bare åpne betalingshendelser"
          fieldClassName="sm:col-span-3"
          checked={incidents}
          onChange={(e) => filter(setIncidents)(e.target.checked)}
        />
      </div>

      {orders.isPending ? (
        <div role="status" className="mt-4 space-y-3">
          <span className="sr-only">Laster ordre</span>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-36 w-full rounded-xl" />
          ))}
        </div>
      ) : orders.isError ? (
        <p role="alert" className="mt-4 rounded-xl bg-danger-bg p-4 font-semibold text-danger">
          Kunne ikke hente ordre
        </p>
      ) : (
        <>
          <p role="status" className="mt-4 font-semibold">
            {orders.data.total === 0 ? 'Ingen ordre' : `${orders.data.total} ordre`}
            {orders.data.total > 0 ? ` · side ${page} av ${pages}` : ''}
          </p>
          <ul className="mt-2 grid grid-cols-1 gap-3 lg:grid-cols-2" aria-busy={orders.isFetching}>
            {orders.data.orders.map((order) => (
              <li key={order._id}>
                <OrderCard order={order} actions={<OrderActions order={order} />} />
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Sider" className="mt-4 flex flex-wrap items-center gap-2">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Forrige side
              </Button>
              <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Neste side
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
