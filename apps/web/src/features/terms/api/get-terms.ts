import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Term } from '@shared/api';
import { api, type Read } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const termsKeys = {
  all: () => [...queryRoots.content, 'terms'] as const,
  /** Admin data: under the private root, so it is dropped when the session changes. */
  versions: () => [...queryRoots.private, 'terms', 'versions'] as const,
  version: (version: number) => [...queryRoots.private, 'terms', 'versions', version] as const,
};

/** GET /api/terms-and-conditions */
export const termsQueryOptions = (read: Read = api) =>
  queryOptions({ queryKey: termsKeys.all(), queryFn: ({ signal }) => read<Term[]>('/terms-and-conditions', { signal }) });

export const useTerms = () => useQuery(termsQueryOptions());
