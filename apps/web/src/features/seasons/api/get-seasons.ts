import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Season } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/query-keys';

export const seasonsKeys = { all: () => [PRIVATE_KEY, 'seasons'] as const };

/** GET /api/seasons (admin), oldest first. */
export const seasonsQueryOptions = () => queryOptions({ queryKey: seasonsKeys.all(), queryFn: ({ signal }) => api<Season[]>('/seasons', { signal }) });

export const useSeasons = () => useQuery(seasonsQueryOptions());
