import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Season, SeasonInput } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY, useRefreshingMutation } from '@/lib/query-keys';

export const seasonsKeys = { all: () => [PRIVATE_KEY, 'seasons'] as const };

/** GET /api/seasons (admin), oldest first. */
export const seasonsQueryOptions = () => queryOptions({ queryKey: seasonsKeys.all(), queryFn: ({ signal }) => api<Season[]>('/seasons', { signal }) });

export const useSeasons = () => useQuery(seasonsQueryOptions());

/** POST /api/seasons (admin) */
export const useCreateSeason = () =>
  useRefreshingMutation((input: SeasonInput) => api<Season>('/seasons', { method: 'POST', body: input }), [seasonsKeys.all()]);

/** DELETE /api/seasons/{id} (admin) */
export const useDeleteSeason = () =>
  useRefreshingMutation((id: string) => api<null>(`/seasons/${encodeURIComponent(id)}`, { method: 'DELETE' }), [seasonsKeys.all()]);

/** PATCH /api/seasons/{id} (admin): the whole season. */
export const updateSeason = ({ id, ...input }: SeasonInput & { id: string }) =>
  api<Season>(`/seasons/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });

export const useUpdateSeason = () => useRefreshingMutation(updateSeason, [seasonsKeys.all()]);
