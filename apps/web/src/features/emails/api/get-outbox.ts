import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { outboxMessageSchema } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

const outboxKeys = { all: () => [...queryRoots.private, 'admin', 'outbox'] as const };

/** GET /api/admin/outbox (admin): what the site has sent or kept, newest first. */
export const useOutbox = () =>
  useQuery({
    queryKey: outboxKeys.all(),
    queryFn: ({ signal }) => api<OutboxMessage[]>('/admin/outbox', { signal }),
    staleTime: 0,
    select: (messages) => [...messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  });
