import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { termsKeys } from './get-terms';

/** DELETE /api/terms-and-conditions/{id} (admin) */
export const deleteTerm = (id: string) => api<null>(`/terms-and-conditions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTerm,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: termsKeys.all() }), queryClient.invalidateQueries({ queryKey: termsKeys.versions() })]),
  });
}
