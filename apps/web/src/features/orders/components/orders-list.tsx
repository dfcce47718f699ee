import { useEffect, useId, useState } from 'react';
import { ORDER_STATUSES, ORDERS_PAGE_SIZE, type OrderStatus } from '@shared/constants';
import { paymentStatusLabel } from '@shared/payment-status';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { site } from '@/config/site';
import { useOrders } from '../api/get-orders';
import { OrderCard } from './order-card';
import { OrderActions } from './refund-dialog';

/** Two statuses share the spec's label 'Avbrutt av {company}': the filter tells them apart. */
const FILTER_NOTE: Partial<Record<OrderStatus, string>> = { cancelled: ' (etter godkjenning)', terminated: ' (før godkjenning)' };

const inputClass = 'mt-1 block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base';

/** The orders list (admin): 24 per page, newest first, filtered by status and by day; refund and cancel per order. */
export function OrdersList() {
  const ids = { status: useId(), from: useId(), to: useId() };
  const toast = useToast();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const orders = useOrders({ limit: ORDERS_PAGE_SIZE, page, status, from: from || undefined, to: to || undefined });
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / ORDERS_PAGE_SIZE)) : 1;

  useEffect(() => {
    if (orders.isError) toast.error('Kunne ikke hente ordre');
  }, [orders.isError, toast]);

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
        <div>
          <label htmlFor={ids.status} className="font-semibold text-sea-900">
            Status
          </label>
          <select id={ids.status} className={inputClass} value={status} onChange={(e) => filter(setStatus)(e.target.value as OrderStatus | '')}>
            <option value="">Alle</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {paymentStatusLabel(s, site.companyName)}
                {FILTER_NOTE[s] ?? ''}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.from} className="font-semibold text-sea-900">
            Fra dato
          </label>
          <input id={ids.from} type="date" className={inputClass} value={from} max={to || undefined} onChange={(e) => filter(setFrom)(e.target.value)} />
        </div>
        <div>
          <label htmlFor={ids.to} className="font-semibold text-sea-900">
            Til dato
          </label>
          <input id={ids.to} type="date" className={inputClass} value={to} min={from || undefined} onChange={(e) => filter(setTo)(e.target.value)} />
        </div>
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
