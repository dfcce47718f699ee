import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TermVersion } from '@shared/api';
import { api } from '@/lib/api-client';
import { termsKeys } from './get-terms';

/** GET /api/terms-and-conditions/versions/{version} (admin): the terms as they were in that version. */
export const getTermVersion = (version: number, signal?: AbortSignal) =>
  api<TermVersion>(`/terms-and-conditions/versions/${version}`, { signal });

export const termVersionQueryOptions = (version: number) =>
  queryOptions({ queryKey: termsKeys.version(version), queryFn: ({ signal }) => getTermVersion(version, signal), staleTime: Infinity });

export const useTermVersion = (version: number | null) =>
  useQuery({ ...termVersionQueryOptions(version ?? 0), enabled: version !== null && version > 0 });
