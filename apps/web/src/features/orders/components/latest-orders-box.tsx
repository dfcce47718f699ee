import { DASHBOARD_ORDERS_LIMIT } from '@shared/constants';
import { DashboardBox } from '@/components/ui/dashboard-box';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useOrders } from '@/features/orders/api/orders';
import { OrderCard } from './order-card';

/** 'Siste ordre': the two newest orders, and the way to all of them. */
export function LatestOrdersBox() {
  const orders = useOrders({ limit: DASHBOARD_ORDERS_LIMIT });
  return (
    <DashboardBox title="Siste ordre" link={{ to: paths.adminOrders, label: 'Se flere ordre' }}>
      {orders.isPending ? (
        <Skeleton className="h-24 w-full rounded-xl" />
      ) : orders.isError ? (
        <p>Kunne ikke hente ordre</p>
      ) : orders.data.orders.length === 0 ? (
        <p>Ingen ordre</p>
      ) : (
        <ul className="space-y-2">
          {orders.data.orders.map((order) => (
            <li key={order._id}>
              <OrderCard order={order} compact />
            </li>
          ))}
        </ul>
      )}
    </DashboardBox>
  );
}
