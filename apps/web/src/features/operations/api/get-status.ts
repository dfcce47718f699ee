import { useQuery } from '@tanstack/react-query';
import type { ServerStatus } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

const operationsKeys = { status: () => [...queryRoots.private, 'admin-status'] as const };

/** The operator's view: GET /api/health, whose details only an admin gets. */
export const useServerStatus = () =>
  useQuery({ queryKey: operationsKeys.status(), queryFn: ({ signal }) => api<ServerStatus>('/health', { signal }) });
