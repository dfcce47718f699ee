import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatedPerson, UpdatePersonInput } from '@shared/api/users';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** PATCH /api/users/{childId} {_id, firstName?, lastName?, birthdate?} → the child. */
export const updateChild = ({ id, ...input }: UpdatePersonInput & { id: string }) =>
  api<UpdatedPerson>(`/users/${id}`, { method: 'PATCH', body: { _id: id, ...input } });

export function useUpdateChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChild,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.family }),
  });
}
