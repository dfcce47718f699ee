import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@shared/api';
import { api } from './api-client';
import { queryRoots } from './query-keys';

/** GET /api/config: run-time facts for the whole page frame (test-mode banner, app version). */
export const getAppConfig = (signal?: AbortSignal) => api<AppConfig>('/config', { signal });

export const appConfigKeys = { all: () => queryRoots.config };

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: appConfigKeys.all(), queryFn: ({ signal }) => getAppConfig(signal), staleTime: Infinity });

export const useAppConfig = () => useQuery(appConfigQueryOptions());
