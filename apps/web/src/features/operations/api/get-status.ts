import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerStatus } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** The operator's view (issue 42): GET /api/health, whose details only an admin gets. */
export const operationsKeys = {
  status: () => [...queryRoots.private, 'admin-status'] as const,
};

export const getStatus = (signal?: AbortSignal) => api<ServerStatus>('/health', { signal });

export const statusQueryOptions = () => queryOptions({ queryKey: operationsKeys.status(), queryFn: ({ signal }) => getStatus(signal) });

export const useServerStatus = () => useQuery(statusQueryOptions());
