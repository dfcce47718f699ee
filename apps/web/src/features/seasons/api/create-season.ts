import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Season, SeasonInput } from '@shared/api';
import { api } from '@/lib/api-client';
import { seasonsKeys } from './get-seasons';

/** POST /api/seasons (admin) */
export const createSeason = (input: SeasonInput) => api<Season>('/seasons', { method: 'POST', body: input });

export function useCreateSeason() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSeason, onSuccess: () => queryClient.invalidateQueries({ queryKey: seasonsKeys.all() }) });
}
