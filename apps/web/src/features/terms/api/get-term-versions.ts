import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TermVersionSummary } from '@shared/api';
import { api } from '@/lib/api-client';
import { termsKeys } from './get-terms';

/** GET /api/terms-and-conditions/versions (admin): newest first. */
export const getTermVersions = (signal?: AbortSignal) => api<TermVersionSummary[]>('/terms-and-conditions/versions', { signal });

export const termVersionsQueryOptions = () =>
  queryOptions({ queryKey: termsKeys.versions(), queryFn: ({ signal }) => getTermVersions(signal) });

export const useTermVersions = (enabled: boolean) => useQuery({ ...termVersionsQueryOptions(), enabled });
