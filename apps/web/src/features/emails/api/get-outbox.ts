import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { outboxMessageSchema } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** GET /api/admin/outbox (admin): what the site has sent or kept, newest first. */
export const getOutbox = (signal?: AbortSignal) => api<OutboxMessage[]>('/admin/outbox', { signal });

export const outboxKeys = { all: () => [...queryRoots.private, 'admin', 'outbox'] as const };

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: outboxKeys.all(),
    queryFn: ({ signal }) => getOutbox(signal),
    staleTime: 0,
    select: (messages) => [...messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  });

export const useOutbox = () => useQuery(outboxQueryOptions());
