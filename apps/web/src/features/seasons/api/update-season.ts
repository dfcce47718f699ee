import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Season, SeasonInput } from '@shared/api';
import { api } from '@/lib/api-client';
import { seasonsKeys } from './get-seasons';

/** PATCH /api/seasons/{id} (admin): the whole season. */
export const updateSeason = ({ id, ...input }: SeasonInput & { id: string }) =>
  api<Season>(`/seasons/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });

export function useUpdateSeason() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSeason, onSuccess: () => queryClient.invalidateQueries({ queryKey: seasonsKeys.all() }) });
}
