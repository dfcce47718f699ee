import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddChildInput, Child } from '@shared/api';
import type { UpdatedPerson, UpdatePersonInput } from '@shared/api/users';
import { api } from '@/lib/api-client';
import { queryRoots, useRefreshingMutation } from '@/lib/query-keys';

/** POST /api/users/children {child:{firstName,lastName,birthdate}, profileId} → 201 child. */
export const addChild = (input: AddChildInput) => api<Child>('/users/children', { method: 'POST', body: input });

export const useAddChild = () => useRefreshingMutation(addChild, [queryRoots.family]);

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

/** PATCH /api/users/{childId} {_id, firstName?, lastName?, birthdate?} → the child. */
export const updateChild = ({ id, ...input }: UpdatePersonInput & { id: string }) =>
  api<UpdatedPerson>(`/users/${id}`, { method: 'PATCH', body: { _id: id, ...input } });

export const useUpdateChild = () => useRefreshingMutation(updateChild, [queryRoots.family]);
