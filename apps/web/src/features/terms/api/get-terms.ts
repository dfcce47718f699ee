import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Term } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/terms-and-conditions */
export const getTerms = (signal?: AbortSignal) => api<Term[]>('/terms-and-conditions', { signal });

export const termsKeys = {
  all: () => [...queryRoots.content, 'terms'] as const,
  /** Admin data: under the private root, so it is dropped when the session changes. */
  versions: () => [...queryRoots.private, 'terms', 'versions'] as const,
  version: (version: number) => [...queryRoots.private, 'terms', 'versions', version] as const,
};

export const termsQueryOptions = () => queryOptions({ queryKey: termsKeys.all(), queryFn: ({ signal }) => getTerms(signal) });

export const useTerms = () => useQuery(termsQueryOptions());
