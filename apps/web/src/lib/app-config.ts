import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@shared/api';
import { api, type Read } from './api-client';
import { queryRoots } from './query-keys';

export const appConfigKeys = { all: () => queryRoots.config };

/** GET /api/config: run-time facts for the whole page frame (test-mode banner, app version). */
export const appConfigQueryOptions = (read: Read = api) =>
  queryOptions({ queryKey: appConfigKeys.all(), queryFn: ({ signal }) => read<AppConfig>('/config', { signal }), staleTime: Infinity });

export const useAppConfig = () => useQuery(appConfigQueryOptions());
