import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Term } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

export const termKeys = {
  all: ['terms'] as const,
  /** Admin data: under the private key, so it is dropped when the session changes. */
  versions: [PRIVATE_KEY, 'terms', 'versions'] as const,
  version: (version: number) => [PRIVATE_KEY, 'terms', 'versions', version] as const,
};

/** GET /api/terms-and-conditions */
export const getTerms = (signal?: AbortSignal) => api<Term[]>('/terms-and-conditions', { signal });

export const termsQueryOptions = () => queryOptions({ queryKey: termKeys.all, queryFn: ({ signal }) => getTerms(signal) });

export const useTerms = () => useQuery(termsQueryOptions());
