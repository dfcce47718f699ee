import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Term } from '@shared/api';
import { api } from '@/lib/api-client';

/** GET /api/terms-and-conditions */
export const getTerms = (signal?: AbortSignal) => api<Term[]>('/terms-and-conditions', { signal });

export const termsQueryOptions = () => queryOptions({ queryKey: ['terms'], queryFn: ({ signal }) => getTerms(signal) });

export const useTerms = () => useQuery(termsQueryOptions());
