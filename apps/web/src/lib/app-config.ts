import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@shared/api';
import { api } from './api-client';

/** GET /api/config: run-time facts for the whole page frame (test-mode banner, app version). */
export const getAppConfig = (signal?: AbortSignal) => api<AppConfig>('/config', { signal });

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: ({ signal }) => getAppConfig(signal), staleTime: Infinity });

export const useAppConfig = () => useQuery(appConfigQueryOptions());
