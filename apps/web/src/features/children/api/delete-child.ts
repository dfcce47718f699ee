import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** DELETE /api/users/{childId} → 200; 400 CHILD_ON_COURSE while the child is on a course that has not ended. */
export const deleteChild = (id: string) => api<{ ok: true }>(`/users/${id}`, { method: 'DELETE' });

export function useDeleteChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChild,
    onSuccess: (_answer, id) => {
      // A course history asked for with the deleted child's id would now answer 404: drop it before the refetch.
      queryClient.removeQueries({
        queryKey: queryRoots.courseHistory,
        predicate: (query) => String(query.queryKey[3] ?? '').split(',').includes(id),
      });
      return queryClient.invalidateQueries({ queryKey: queryRoots.family });
    },
  });
}
