import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { seasonsKeys } from './get-seasons';

/** DELETE /api/seasons/{id} (admin) */
export const deleteSeason = (id: string) => api<null>(`/seasons/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteSeason() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSeason, onSuccess: () => queryClient.invalidateQueries({ queryKey: seasonsKeys.all() }) });
}
