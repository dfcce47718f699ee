import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Health } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** The operator's view (issue 42): GET /api/health, whose details only an admin gets. */
export const operationsKeys = {
  health: () => [...queryRoots.private, 'admin-health'] as const,
};

export const getHealth = (signal?: AbortSignal) => api<Health>('/health', { signal });

export const healthQueryOptions = () => queryOptions({ queryKey: operationsKeys.health(), queryFn: ({ signal }) => getHealth(signal) });

export const useHealth = () => useQuery(healthQueryOptions());
