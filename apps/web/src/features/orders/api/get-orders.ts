import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrdersPage } from '@shared/api/orders';
import type { OrderStatus } from '@shared/constants';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

export interface OrdersFilter {
  limit: number;
  page?: number;
  status?: OrderStatus | '';
  /** YYYY-MM-DD, Oslo days, both included. */
  from?: string;
  to?: string;
  /** A reference, or a name of the buyer or a guardian. */
  q?: string;
  /** Only orders with an open payment incident. */
  incident?: 'open';
}

/** GET /api/payments (admin): newest first, paged and filtered. */
export const getOrders = (filter: OrdersFilter, signal?: AbortSignal) =>
  api<OrdersPage>('/payments', { query: { limit: filter.limit, page: filter.page, status: filter.status, from: filter.from, to: filter.to, q: filter.q, incident: filter.incident }, signal });

export const ordersKeys = { all: [PRIVATE_KEY, 'admin', 'orders'] as const, list: (filter: OrdersFilter) => [...ordersKeys.all, filter] as const };

export const ordersQueryOptions = (filter: OrdersFilter) =>
  queryOptions({ queryKey: ordersKeys.list(filter), queryFn: ({ signal }) => getOrders(filter, signal), placeholderData: keepPreviousData });

export const useOrders = (filter: OrdersFilter) => useQuery(ordersQueryOptions(filter));
